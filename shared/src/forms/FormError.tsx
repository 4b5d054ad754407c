import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useFormState } from 'react-final-form';
import { useValidationText } from './useFormsTranslation';

/** The form's own message (an error without a field, a network failure), until the next submit. */
export function FormError() {
  const { submitError } = useFormState({ subscription: { submitError: true } });
  const text = useValidationText();
  if (typeof submitError !== 'string' || !submitError) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{text(submitError)}</MessageBarBody>
    </MessageBar>
  );
}
