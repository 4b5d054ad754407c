import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import {
  FormError,
  type LoginValues,
  loginSchema,
  PasswordField,
  SubmitButton,
  TextField,
  usePortal,
  useRecaptcha,
  zodValidate,
} from '@portal/shared';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { clearLoginHint, readLoginHint } from '../common/loginHint';
import { RecaptchaNotice } from '../common/RecaptchaNotice';
import { RouterLink } from '../common/RouterLink';
import { Row, StackForm } from '../common/Stack';
import { rememberContact } from '../common/signupContact';
import { useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { ProviderButtons } from './ProviderButtons';
import { providerErrorKey } from './providerError';

const validate = zodValidate(loginSchema);

export function LoginForm({ providerError }: { providerError: string | null }) {
  const { identity, session } = usePortal();
  const { t } = useAuthTranslation();
  const settle = useSettle();
  const recaptcha = useRecaptcha('login');
  const loginByCode = session.config?.account.login_by_code_enabled !== false;
  // sent here to log in as a particular address (an invitation for it): the form starts with it
  const [initialValues] = useState(() => {
    const email = readLoginHint();
    return email ? { email } : undefined;
  });

  const onSubmit = async (values: LoginValues) => {
    const { email, password } = loginSchema.parse(values);
    rememberContact({ email });
    clearLoginHint();
    const recaptchaToken = await recaptcha.getToken();
    const response = await identity.login({
      email,
      password,
      ...(recaptchaToken ? { recaptcha_token: recaptchaToken } : {}),
    });
    return settle(response, ['email', 'password']);
  };

  return (
    <>
      {providerError ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {t(`login.providerError.${providerErrorKey(providerError)}`, { error: providerError })}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <Form<LoginValues>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={initialValues}
        render={({ handleSubmit }) => (
          <StackForm onSubmit={handleSubmit} label={t('login.tab')}>
            <FormError />
            <TextField name="email" type="email" label={t('common.email')} autoComplete="username" required />
            <PasswordField name="password" label={t('common.password')} required />
            <Row>
              <RouterLink to="/auth/reset-password">{t('login.forgotPassword')}</RouterLink>
              {loginByCode ? (
                <RouterLink to="/auth/login/code/confirm">{t('login.withCode')}</RouterLink>
              ) : null}
            </Row>
            <SubmitButton>{t('login.submit')}</SubmitButton>
            {recaptcha.enabled ? <RecaptchaNotice /> : null}
          </StackForm>
        )}
      />
      <ProviderButtons />
    </>
  );
}
