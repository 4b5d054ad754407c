import { Field, type FieldProps, Select, Textarea } from '@fluentui/react-components';
import { fieldError, useValidationText } from '@portal/shared';
import { useField } from 'react-final-form';

const keep = (value: unknown) => value;

/** A native select bound to a final-form field. */
export function SelectField({
  name,
  label,
  options,
  disabled,
}: {
  name: string;
  label: FieldProps['label'];
  options: ReadonlyArray<{ value: string; label: string }>;
  disabled?: boolean;
}) {
  const { input } = useField<string>(name, { parse: keep });
  return (
    <Field label={label}>
      <Select
        name={input.name}
        value={input.value ?? ''}
        disabled={disabled}
        onChange={(_event, data) => input.onChange(data.value)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** A textarea bound to a final-form field, with its error (client or server) below it. */
export function TextareaField({
  name,
  label,
  hint,
  required,
}: {
  name: string;
  label: FieldProps['label'];
  hint?: FieldProps['hint'];
  required?: boolean;
}) {
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
      <Textarea
        name={input.name}
        value={input.value ?? ''}
        resize="vertical"
        rows={3}
        spellCheck={false}
        onChange={(_event, data) => input.onChange(data.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </Field>
  );
}
