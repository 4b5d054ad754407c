import { Field, Select } from '@fluentui/react-components';
import { fieldError, useValidationText } from '@portal/shared';
import { useField } from 'react-final-form';

export interface SelectOption {
  value: string;
  label: string;
}

/** A native select (Fluent) bound to a final-form field, with its error (client or server) below it. */
export function SelectField({
  name,
  label,
  options,
  disabled,
}: {
  name: string;
  label: string;
  options: readonly SelectOption[];
  disabled?: boolean;
}) {
  const { input, meta } = useField<string>(name);
  const text = useValidationText();
  const error = text(fieldError(meta));
  return (
    <Field label={label} required validationState={error ? 'error' : 'none'} validationMessage={error}>
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
