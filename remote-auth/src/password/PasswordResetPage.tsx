import { Body1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import {
  type EmailValues,
  emailSchema,
  FormError,
  SubmitButton,
  TextField,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { AuthCard } from '../common/AuthCard';
import { RouterLink } from '../common/RouterLink';
import { Stack, StackForm } from '../common/Stack';
import { useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

const validate = zodValidate(emailSchema);

/** PasswordReset `/auth/reset-password`: the same answer whether or not the account exists. */
export default function PasswordResetPage() {
  const { identity } = usePortal();
  const { t } = useAuthTranslation();
  const settle = useSettle();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (values: EmailValues) => {
    const { email } = emailSchema.parse(values);
    const response = await identity.requestPasswordReset(email);
    if (response.status === 200) {
      setSentTo(email);
      return undefined;
    }
    return settle(response, ['email']);
  };

  return (
    <AuthCard title={t('passwordReset.title')}>
      {sentTo ? (
        <MessageBar intent="success">
          <MessageBarBody>{t('passwordReset.sent', { email: sentTo })}</MessageBarBody>
        </MessageBar>
      ) : (
        <Form<EmailValues>
          onSubmit={onSubmit}
          validate={validate}
          render={({ handleSubmit }) => (
            <StackForm onSubmit={handleSubmit} label={t('passwordReset.title')}>
              <Body1>{t('passwordReset.intro')}</Body1>
              <FormError />
              <TextField
                name="email"
                type="email"
                label={t('common.email')}
                autoComplete="username"
                required
              />
              <SubmitButton>{t('passwordReset.submit')}</SubmitButton>
            </StackForm>
          )}
        />
      )}
      <Stack>
        <RouterLink to="/auth/login">{t('common.backToLogin')}</RouterLink>
      </Stack>
    </AuthCard>
  );
}
