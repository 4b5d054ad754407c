import { Body1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import {
  FormError,
  type NewPasswordValues,
  newPasswordSchema,
  PasswordField,
  SubmitButton,
  usePortal,
  useValidationText,
  VALIDATION_KEYS,
  zodValidate,
} from '@portal/shared';
import { type ReactNode, useCallback, useState } from 'react';
import { Form } from 'react-final-form';
import { useParams } from 'react-router';
import { AuthCard } from '../common/AuthCard';
import { ErrorBar } from '../common/ErrorBar';
import { LoadingState } from '../common/LoadingState';
import { RouterLink } from '../common/RouterLink';
import { Stack, StackForm } from '../common/Stack';
import { useIdentityLoad } from '../common/useIdentityLoad';
import { errorMessage, useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

const validate = zodValidate(newPasswordSchema);

/** PasswordRecovery `/auth/reset-password/key/:keyValue`: checks the key, then sets the new password. */
export default function PasswordRecoveryPage() {
  const { keyValue = '' } = useParams();
  const { identity } = usePortal();
  const { t } = useAuthTranslation();
  const validationText = useValidationText();
  const settle = useSettle();
  const load = useCallback(() => identity.getPasswordReset(keyValue), [identity, keyValue]);
  const { response } = useIdentityLoad(load, keyValue);
  const [done, setDone] = useState(false);
  const [keyRejected, setKeyRejected] = useState(false);

  const onSubmit = async (values: NewPasswordValues) => {
    const { password } = newPasswordSchema.parse(values);
    const answer = await identity.resetPassword(keyValue, password);
    // 200: reset and signed in (the host navigates); 401: reset, log in next
    if (answer.status === 200 || answer.status === 401) {
      setDone(true);
      return undefined;
    }
    if (answer.errors?.some((error) => error.param === 'key')) {
      setKeyRejected(true);
      return undefined;
    }
    return settle(answer, ['password']);
  };

  let body: ReactNode;
  if (!response) body = <LoadingState />;
  else if (response.status === 400 || keyRejected) body = <InvalidKey />;
  else if (response.status !== 200) body = <ErrorBar text={errorMessage(response, t)} />;
  else if (done)
    body = (
      <Stack>
        <MessageBar intent="success">
          <MessageBarBody>{t('passwordRecovery.done')}</MessageBarBody>
        </MessageBar>
        <RouterLink to="/auth/login">{t('login.submit')}</RouterLink>
      </Stack>
    );
  else {
    const user = response.data?.user;
    body = (
      <Form<NewPasswordValues>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit }) => (
          <StackForm onSubmit={handleSubmit} label={t('passwordRecovery.title')}>
            {user?.email ? <Body1>{t('passwordRecovery.forUser', { email: user.email })}</Body1> : null}
            <FormError />
            <PasswordField
              name="password"
              label={t('passwordRecovery.password')}
              hint={validationText(VALIDATION_KEYS.passwordHint)}
              autoComplete="new-password"
              required
            />
            <PasswordField
              name="passwordConfirm"
              label={t('passwordRecovery.passwordConfirm')}
              autoComplete="new-password"
              required
            />
            <SubmitButton>{t('passwordRecovery.submit')}</SubmitButton>
          </StackForm>
        )}
      />
    );
  }
  return <AuthCard title={t('passwordRecovery.title')}>{body}</AuthCard>;
}

function InvalidKey() {
  const { t } = useAuthTranslation();
  return (
    <Stack>
      <ErrorBar text={t('passwordRecovery.invalid')} />
      <RouterLink to="/auth/reset-password">{t('passwordRecovery.requestNew')}</RouterLink>
    </Stack>
  );
}
