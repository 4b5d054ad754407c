import { Body1 } from '@fluentui/react-components';
import {
  type EmailValues,
  emailSchema,
  FormError,
  SubmitButton,
  TextField,
  zodValidate,
} from '@portal/shared';
import type { SubmissionErrors } from 'final-form';
import { Form } from 'react-final-form';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { StackForm } from './Stack';

const validate = zodValidate(emailSchema);

/** The one-field e-mail form of the pages that start with an address (reset, login by code). */
export function EmailForm(props: {
  title: string;
  intro: string;
  submitLabel: string;
  onSubmit: (values: EmailValues) => Promise<SubmissionErrors | undefined>;
}) {
  const { t } = useAuthTranslation();
  return (
    <Form<EmailValues>
      onSubmit={props.onSubmit}
      validate={validate}
      render={({ handleSubmit }) => (
        <StackForm onSubmit={handleSubmit} label={props.title}>
          <Body1>{props.intro}</Body1>
          <FormError />
          <TextField name="email" type="email" label={t('common.email')} autoComplete="username" required />
          <SubmitButton>{props.submitLabel}</SubmitButton>
        </StackForm>
      )}
    />
  );
}
