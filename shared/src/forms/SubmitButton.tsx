import { Button, Spinner } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useForm, useFormState } from 'react-final-form';
import { scrollToElement } from '../ui/scroll';

/**
 * After a submit the form refused for its own errors: the first field marked invalid scrolls into
 * view (the spec's default scroll) and takes the focus, so a long form never fails out of sight.
 */
function revealFirstInvalid(form: HTMLFormElement | null) {
  // the fields render their errors in the commit after the submit
  requestAnimationFrame(() => {
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus({ preventScroll: true });
    void scrollToElement(field);
  });
}

/** The primary submit button of a form; it waits while the form submits. */
export function SubmitButton({ children, disabled }: { children: ReactNode; disabled?: boolean }) {
  const form = useForm();
  const { submitting } = useFormState({ subscription: { submitting: true } });
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const element = event.currentTarget.form;
    // the submit event runs after this click; look once it has marked the fields
    setTimeout(() => {
      if (form.getState().hasValidationErrors) revealFirstInvalid(element);
    });
  };
  return (
    <Button
      appearance="primary"
      type="submit"
      disabled={submitting || disabled}
      icon={submitting ? <Spinner size="tiny" /> : undefined}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
