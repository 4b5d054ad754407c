import { Button, Spinner } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useFormState } from 'react-final-form';

/** The primary submit button of a form; it waits while the form submits. */
export function SubmitButton({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  const { submitting } = useFormState({ subscription: { submitting: true } });
  return (
    <Button
      appearance="primary"
      type="submit"
      disabled={submitting || disabled}
      icon={submitting ? <Spinner size="tiny" /> : undefined}
    >
      {children}
    </Button>
  );
}
