// Part of `@portal/shared/fields` (fieldsEntry.ts): root things come through the package name.
import { Field, type FieldProps, Textarea } from '@fluentui/react-components';
import { fieldError, useValidationText } from '@portal/shared';
import { useField } from 'react-final-form';

const keep = (value: unknown) => value;

export interface TextareaFieldProps {
  name: string;
  label: FieldProps['label'];
  hint?: FieldProps['hint'];
  required?: boolean;
  rows?: number;
}

/** A Fluent Textarea bound to a final-form field, with its error (client or server) below it. */
export function TextareaField({ name, label, hint, required, rows = 3 }: TextareaFieldProps) {
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
        rows={rows}
        spellCheck={false}
        onChange={(_event, data) => input.onChange(data.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </Field>
  );
}
