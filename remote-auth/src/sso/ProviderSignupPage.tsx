import { Body1 } from '@fluentui/react-components';
import {
  type AuthResponseBody,
  FormError,
  type IdentityApi,
  type ProviderSignupValues,
  pendingFlow,
  providerSignupSchema,
  SubmitButton,
  TextField,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { useCallback, useMemo, useState } from 'react';
import { Form } from 'react-final-form';
import { AuthCard } from '../common/AuthCard';
import { ConsentFields } from '../common/ConsentFields';
import { LapsedStep } from '../common/LapsedStep';
import { LoadingState } from '../common/LoadingState';
import { RouterLink } from '../common/RouterLink';
import { StackForm } from '../common/Stack';
import { useIdentityLoad } from '../common/useIdentityLoad';
import { useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { providerSignupEmail } from './providerSignupEmail';

const validate = zodValidate(providerSignupSchema);

/** A host older than this remote may not offer the call: then the field starts empty. */
const loadProviderSignup = (identity: IdentityApi): Promise<AuthResponseBody> =>
  typeof identity.getProviderSignup === 'function'
    ? identity.getProviderSignup()
    : Promise.resolve({ status: 404 });

/**
 * ProviderSignup `/auth/provider/signup`: the first login with a provider creates the account;
 * the visitor confirms the e-mail and gives the same consents as at sign-up.
 */
export default function ProviderSignupPage() {
  const { identity, session } = usePortal();
  const { t } = useAuthTranslation();
  const settle = useSettle();
  const flow = pendingFlow(session.auth);
  const signupFlow = flow?.id === 'provider_signup' ? flow : undefined;
  const provider = signupFlow?.provider?.name;
  // allauth's flow does not carry the address: the pending sign-up's own answer does
  const load = useCallback(() => loadProviderSignup(identity), [identity]);
  const { response } = useIdentityLoad(load, 'provider-signup');
  const initialValues = useMemo<ProviderSignupValues>(
    () => ({ email: providerSignupEmail(response), consent_personal_data: false, consent_marketing: false }),
    [response],
  );
  // 409: allauth has no provider sign-up pending (it timed out, or was finished): no form to fill
  const [conflict, setConflict] = useState(false);
  const lapsed = conflict || response?.status === 409;

  const onSubmit = async (values: ProviderSignupValues) => {
    const { email } = providerSignupSchema.parse(values);
    const response = await identity.providerSignup({
      email,
      consent_personal_data: true,
      consent_marketing: values.consent_marketing === true,
    });
    if (response.status === 409) {
      setConflict(true);
      return undefined;
    }
    return settle(response, ['email', 'consent_personal_data', 'consent_marketing']);
  };

  return (
    <AuthCard title={t('sso.providerSignup.title')}>
      {!response ? (
        <LoadingState />
      ) : lapsed ? (
        <LapsedStep text={t('sso.providerSignup.lapsed')} />
      ) : (
        <Form<ProviderSignupValues>
          onSubmit={onSubmit}
          validate={validate}
          initialValues={initialValues}
          render={({ handleSubmit }) => (
            <StackForm onSubmit={handleSubmit} label={t('sso.providerSignup.title')}>
              <Body1>
                {provider
                  ? t('sso.providerSignup.intro', { provider })
                  : t('sso.providerSignup.introGeneric')}
              </Body1>
              <FormError />
              <TextField name="email" type="email" label={t('common.email')} autoComplete="email" required />
              <ConsentFields />
              <SubmitButton>{t('sso.providerSignup.submit')}</SubmitButton>
            </StackForm>
          )}
        />
      )}
      {lapsed ? null : <RouterLink to="/auth/login">{t('common.backToLogin')}</RouterLink>}
    </AuthCard>
  );
}
