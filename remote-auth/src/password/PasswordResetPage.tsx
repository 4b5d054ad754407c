import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { type EmailValues, emailSchema, usePortal } from '@portal/shared';
import { useState } from 'react';
import { AuthCard } from '../common/AuthCard';
import { EmailForm } from '../common/EmailForm';
import { RouterLink } from '../common/RouterLink';
import { Stack } from '../common/Stack';
import { useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

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
        <EmailForm
          title={t('passwordReset.title')}
          intro={t('passwordReset.intro')}
          submitLabel={t('passwordReset.submit')}
          onSubmit={onSubmit}
        />
      )}
      <Stack>
        <RouterLink to="/auth/login">{t('common.backToLogin')}</RouterLink>
      </Stack>
    </AuthCard>
  );
}
