import { Body1, Button } from '@fluentui/react-components';
import {
  type CodeValues,
  codeSchema,
  type EmailValues,
  emailSchema,
  FormError,
  pendingFlow,
  SubmitButton,
  TextField,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { AuthCard } from '../common/AuthCard';
import { EmailForm } from '../common/EmailForm';
import { RouterLink } from '../common/RouterLink';
import { Row, StackForm } from '../common/Stack';
import { useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

const validateCode = zodValidate(codeSchema);

/**
 * Login by code `/auth/login/code/confirm`: the e-mail form until a `login_by_code` flow is
 * pending, then the code form (with a way back to ask for a new code).
 */
export default function LoginCodePage() {
  const { identity, session } = usePortal();
  const { t } = useAuthTranslation();
  const settle = useSettle();
  const [askAgain, setAskAgain] = useState(false);
  const pending = pendingFlow(session.auth)?.id === 'login_by_code' && !askAgain;

  const requestCode = async (values: EmailValues) => {
    const response = await identity.requestLoginCode(emailSchema.parse(values).email);
    const errors = settle(response, ['email']);
    if (!errors) setAskAgain(false);
    return errors;
  };
  const confirmCode = async (values: CodeValues) =>
    settle(await identity.confirmLoginCode(codeSchema.parse(values).code), ['code']);

  return (
    <AuthCard title={t('loginCode.title')}>
      {pending ? (
        <Form<CodeValues>
          key="code"
          onSubmit={confirmCode}
          validate={validateCode}
          render={({ handleSubmit }) => (
            <StackForm onSubmit={handleSubmit} label={t('loginCode.title')}>
              <Body1>{t('loginCode.codeIntro')}</Body1>
              <FormError />
              <TextField name="code" label={t('common.code')} autoComplete="one-time-code" required />
              <Row>
                <SubmitButton>{t('loginCode.confirm')}</SubmitButton>
                <Button appearance="subtle" onClick={() => setAskAgain(true)}>
                  {t('loginCode.newCode')}
                </Button>
              </Row>
            </StackForm>
          )}
        />
      ) : (
        <EmailForm
          key="email"
          title={t('loginCode.title')}
          intro={t('loginCode.intro')}
          submitLabel={t('loginCode.request')}
          onSubmit={requestCode}
        />
      )}
      <RouterLink to="/auth/login">{t('common.backToLogin')}</RouterLink>
    </AuthCard>
  );
}
