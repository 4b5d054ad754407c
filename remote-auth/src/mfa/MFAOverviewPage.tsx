import {
  Badge,
  Body1,
  Button,
  Card,
  CardHeader,
  MessageBar,
  MessageBarBody,
  Subtitle2,
} from '@fluentui/react-components';
import { usePortal } from '@portal/shared';
import { type ReactNode, useCallback } from 'react';
import { AuthCard } from '../common/AuthCard';
import { LoadingState } from '../common/LoadingState';
import { Row, Stack } from '../common/Stack';
import { useIdentityLoad } from '../common/useIdentityLoad';
import { useResumableAction } from '../common/useResumableAction';
import { errorMessage } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { authenticatorsOf } from './authenticators';

export const TOTP_ACTIVATE_PATH = '/auth/2fa/totp/activate/';
export const RECOVERY_CODES_PATH = '/auth/2fa/recovery-codes/';

/** MFAOverview `/auth/2fa`: the authenticator app (on or off) and the recovery codes left. */
export default function MFAOverviewPage() {
  const { identity, navigate, notify, confirm } = usePortal();
  const { t } = useAuthTranslation();
  const load = useCallback(() => identity.getAuthenticators(), [identity]);
  const { response, reload } = useIdentityLoad(load, 'authenticators');
  const totpActive = response?.status === 200 && authenticatorsOf(response).totp !== undefined;
  // 401: the host asks the user to confirm it is them, then brings them back here, where the
  // confirmation opens again (the app must still be active)
  const resumable = useResumableAction('deactivateTotp', totpActive, () => askDeactivate());

  // the host's shared dialog asks first; Confirm runs the call with the button loading meanwhile
  const deactivate = async () => {
    const answer = await resumable(() => identity.deactivateTotp());
    if (answer.status === 200) {
      notify({ type: 'success', message: t('mfa.overview.deactivated') });
      reload();
    } else if (answer.status !== 401) {
      notify({ type: 'error', message: errorMessage(answer, t) });
    }
  };
  const askDeactivate = () =>
    void confirm({
      text: t('mfa.overview.deactivateConfirm'),
      action: deactivate,
    });

  let body: ReactNode;
  if (!response) body = <LoadingState />;
  else if (response.status !== 200)
    body = (
      <Stack>
        <MessageBar intent="error">
          <MessageBarBody>{errorMessage(response, t)}</MessageBarBody>
        </MessageBar>
        <Row>
          <Button onClick={reload}>{t('common.retry')}</Button>
        </Row>
      </Stack>
    );
  else {
    const { totp, recoveryCodes } = authenticatorsOf(response);
    body = (
      <Stack>
        <Card appearance="outline">
          <CardHeader
            header={<Subtitle2 as="h2">{t('mfa.overview.totp')}</Subtitle2>}
            action={
              <Badge appearance="tint" color={totp ? 'success' : 'informative'}>
                {totp ? t('mfa.overview.totpActive') : t('mfa.overview.totpInactive')}
              </Badge>
            }
          />
          <Row>
            {totp ? (
              <Button onClick={askDeactivate}>{t('mfa.overview.deactivate')}</Button>
            ) : (
              <Button appearance="primary" onClick={() => navigate(TOTP_ACTIVATE_PATH)}>
                {t('mfa.overview.activate')}
              </Button>
            )}
          </Row>
        </Card>
        <Card appearance="outline">
          <CardHeader header={<Subtitle2 as="h2">{t('mfa.overview.recoveryCodes')}</Subtitle2>} />
          {!totp ? (
            <Body1>{t('mfa.overview.recoveryNone')}</Body1>
          ) : recoveryCodes ? (
            <>
              <Body1>
                {t('mfa.overview.recoveryLeft', {
                  unused: recoveryCodes.unused_code_count,
                  total: recoveryCodes.total_code_count,
                })}
              </Body1>
              <Row>
                <Button onClick={() => navigate(RECOVERY_CODES_PATH)}>{t('mfa.overview.view')}</Button>
                <Button onClick={() => navigate(RECOVERY_CODES_PATH)}>{t('mfa.overview.regenerate')}</Button>
              </Row>
            </>
          ) : (
            <>
              <Body1>{t('mfa.overview.recoveryMissing')}</Body1>
              <Row>
                <Button onClick={() => navigate(RECOVERY_CODES_PATH)}>{t('mfa.overview.generate')}</Button>
              </Row>
            </>
          )}
        </Card>
      </Stack>
    );
  }

  return (
    <AuthCard title={t('mfa.title')}>
      <Body1>{t('mfa.overview.intro')}</Body1>
      {body}
    </AuthCard>
  );
}
