import { Body1, Button, Switch } from '@fluentui/react-components';
import {
  type CodeValues,
  codeSchema,
  FormError,
  pendingFlow,
  SubmitButton,
  TextField,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useLocation } from 'react-router';
import { AuthCard } from '../common/AuthCard';
import { LapsedStep } from '../common/LapsedStep';
import { RouterLink } from '../common/RouterLink';
import { Row, StackForm } from '../common/Stack';
import { useCancelReauthentication } from '../common/useCancelReauthentication';
import { useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

const validate = zodValidate(codeSchema);

/**
 * MultiFactorAuthorization `/auth/2fa/authenticate` (second login step) and
 * `/auth/2fa/reauthenticate` (confirm it is you): an authenticator code, or a recovery code when
 * the flow offers them.
 */
export default function MultiFactorAuthorizationPage() {
  const { identity, session } = usePortal();
  const { t } = useAuthTranslation();
  const settle = useSettle();
  const cancel = useCancelReauthentication();
  const reauthenticating = useLocation().pathname.replace(/\/+$/, '').endsWith('/2fa/reauthenticate');
  const flowId = reauthenticating ? 'mfa_reauthenticate' : 'mfa_authenticate';
  const flows = session.auth?.data?.flows ?? [];
  const types = flows.find((flow) => flow.id === flowId)?.types ?? ['totp', 'recovery_codes'];
  const hasTotp = types.includes('totp');
  const hasRecovery = types.includes('recovery_codes');
  const [recovery, setRecovery] = useState(!hasTotp && hasRecovery);
  const canUsePassword = reauthenticating && flows.some((flow) => flow.id === 'reauthenticate');
  // The second login step needs the first one pending. Once it lapsed (allauth forgets a stashed
  // login after its LOGIN_TIMEOUT) the api answers 401 without it, which moves nobody: say so here.
  const lapsed =
    !reauthenticating &&
    session.auth !== null &&
    !session.isAuthenticated &&
    pendingFlow(session.auth)?.id !== 'mfa_authenticate';

  const onSubmit = async (values: CodeValues) => {
    const { code } = codeSchema.parse(values);
    const response = reauthenticating
      ? await identity.mfaReauthenticate(code)
      : await identity.mfaAuthenticate(code);
    return settle(response, ['code']);
  };

  if (lapsed) {
    return (
      <AuthCard title={t('mfa.title')}>
        <LapsedStep text={t('mfa.lapsed')} />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('mfa.title')}>
      <Form<CodeValues>
        onSubmit={onSubmit}
        validate={validate}
        render={({ handleSubmit, form }) => (
          <StackForm onSubmit={handleSubmit} label={t('mfa.title')}>
            <Body1>{recovery ? t('mfa.recoveryIntro') : t('mfa.authenticateIntro')}</Body1>
            <FormError />
            <TextField
              name="code"
              label={recovery ? t('mfa.recoveryCode') : t('mfa.totpCode')}
              autoComplete="one-time-code"
              // TOTP codes and allauth's recovery codes are both digits
              inputMode="numeric"
              required
            />
            {hasTotp && hasRecovery ? (
              <Switch
                label={t('mfa.useRecovery')}
                checked={recovery}
                onChange={(_event, data) => {
                  setRecovery(data.checked);
                  // the other kind of code: what was typed and its error belong to the one left
                  form.restart();
                }}
              />
            ) : null}
            {reauthenticating ? (
              <Row>
                <SubmitButton>{t('mfa.submit')}</SubmitButton>
                <Button onClick={cancel}>{t('reauthenticate.cancel')}</Button>
              </Row>
            ) : (
              <SubmitButton>{t('mfa.submit')}</SubmitButton>
            )}
          </StackForm>
        )}
      />
      {canUsePassword ? <RouterLink to="/auth/reauthenticate">{t('mfa.usePassword')}</RouterLink> : null}
    </AuthCard>
  );
}
