import { Body1, Button } from '@fluentui/react-components';
import {
  type CurrentPasswordValues,
  currentPasswordSchema,
  FormError,
  PasswordField,
  SubmitButton,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { Form } from 'react-final-form';
import { AuthCard } from '../common/AuthCard';
import { RouterLink } from '../common/RouterLink';
import { Row, StackForm } from '../common/Stack';
import { useCancelReauthentication } from '../common/useCancelReauthentication';
import { useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

const validate = zodValidate(currentPasswordSchema);

/** ReauthenticateForm `/auth/reauthenticate`: the password again before a sensitive action. */
export default function ReauthenticateFormPage() {
  const { identity, session } = usePortal();
  const { t } = useAuthTranslation();
  const settle = useSettle();
  const cancel = useCancelReauthentication();
  const flows = session.auth?.data?.flows ?? [];
  const canUseMfa = flows.some((flow) => flow.id === 'mfa_reauthenticate');
  const email = session.auth?.data?.user?.email;

  const onSubmit = async (values: CurrentPasswordValues) =>
    settle(await identity.reauthenticate(currentPasswordSchema.parse(values).password), ['password']);

  return (
    <AuthCard title={t('reauthenticate.title')}>
      <Form<CurrentPasswordValues>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit }) => (
          <StackForm onSubmit={handleSubmit} label={t('reauthenticate.title')}>
            <Body1>{email ? t('reauthenticate.introUser', { email }) : t('reauthenticate.intro')}</Body1>
            <FormError />
            <PasswordField name="password" label={t('common.password')} required />
            <Row>
              <SubmitButton>{t('reauthenticate.submit')}</SubmitButton>
              <Button onClick={cancel}>{t('reauthenticate.cancel')}</Button>
            </Row>
          </StackForm>
        )}
      />
      {canUseMfa ? <RouterLink to="/auth/2fa/reauthenticate">{t('reauthenticate.useMfa')}</RouterLink> : null}
    </AuthCard>
  );
}
