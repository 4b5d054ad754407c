import { Field, type FieldProps, Input, type InputProps } from '@fluentui/react-components';
import { useField } from 'react-final-form';
import { fieldError } from './fieldError';
import { useValidationText } from './useFormsTranslation';

const keep = (value: unknown) => value;

export interface TextFieldProps
  extends Omit<InputProps, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'onFocus' | 'type'> {
  name: string;
  label: FieldProps['label'];
  hint?: FieldProps['hint'];
  type?: 'text' | 'email' | 'tel' | 'password' | 'url' | 'search';
  required?: boolean;
}

/** A Fluent Input bound to a final-form field, with its error (client or server) below it. */
export function TextField({ name, label, hint, type = 'text', required, ...inputProps }: TextFieldProps) {
  // keep '' as '' (final-form would turn it into undefined)
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
      <Input
        {...inputProps}
        name={input.name}
        type={type}
        value={input.value ?? ''}
        onChange={(event) => input.onChange(event.target.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </Field>
  );
}
