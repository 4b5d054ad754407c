import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useFormState } from 'react-final-form';

/** The form's own message (an error without a field, a network failure), until the next submit. */
export function FormError() {
  const { submitError } = useFormState({ subscription: { submitError: true } });
  if (typeof submitError !== 'string' || !submitError) return null;
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{submitError}</MessageBarBody>
    </MessageBar>
  );
}
