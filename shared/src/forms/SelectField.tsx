// Part of `@portal/shared/fields` (fieldsEntry.ts): root things come through the package name.
import { Field, type FieldProps, Select } from '@fluentui/react-components';
import { fieldError, useValidationText } from '@portal/shared';
import { useField } from 'react-final-form';

const keep = (value: unknown) => value;

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps {
  name: string;
  label: FieldProps['label'];
  options: readonly SelectOption[];
  hint?: FieldProps['hint'];
  required?: boolean;
  disabled?: boolean;
}

/** A native select (Fluent) bound to a final-form field, with its error (client or server) below it. */
export function SelectField({ name, label, options, hint, required, disabled }: SelectFieldProps) {
  const { input, meta } = useField<string>(name, { parse: keep });
  const text = useValidationText();
  const error = text(fieldError(meta));
  return (
    <Field
      label={label}
      hint={hint}
      required={required}
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      <Select
        name={input.name}
        value={input.value ?? ''}
        disabled={disabled}
        onChange={(_event, data) => input.onChange(data.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
