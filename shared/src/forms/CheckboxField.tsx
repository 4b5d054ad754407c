import { Checkbox, type CheckboxProps, Field } from '@fluentui/react-components';
import { useField } from 'react-final-form';
import { fieldError } from './fieldError';
import { useValidationText } from './useFormsTranslation';

export interface CheckboxFieldProps {
  name: string;
  label: CheckboxProps['label'];
  required?: boolean;
}

/** A Fluent Checkbox bound to a boolean final-form field. */
export function CheckboxField({ name, label, required }: CheckboxFieldProps) {
  const { input, meta } = useField<boolean>(name, { type: 'checkbox' });
  const text = useValidationText();
  const error = text(fieldError(meta));
  return (
    <Field validationState={error ? 'error' : 'none'} validationMessage={error}>
      <Checkbox
        name={input.name}
        checked={input.checked === true}
        required={required}
        label={label}
        onChange={(_event, data) => input.onChange(data.checked === true)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      />
    </Field>
  );
}
