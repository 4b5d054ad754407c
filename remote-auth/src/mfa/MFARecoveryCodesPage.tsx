import { Body1, Button, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { usePortal } from '@portal/shared';
import { type ReactNode, useCallback } from 'react';
import { AuthCard } from '../common/AuthCard';
import { LoadingState } from '../common/LoadingState';
import { RouterLink } from '../common/RouterLink';
import { Row, Stack } from '../common/Stack';
import { useIdentityLoad } from '../common/useIdentityLoad';
import { useResumableAction } from '../common/useResumableAction';
import { errorMessage } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import type { RecoveryCodesAuthenticator } from './authenticators';
import { downloadText } from './downloadText';

const useStyles = makeStyles({
  codes: {
    display: 'grid',
    gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: tokens.spacingHorizontalL,
    listStyleType: 'none',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase400,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
});

/** MFARecoveryCodes `/auth/2fa/recovery-codes/`: the unused codes; copy, download, regenerate. */
export default function MFARecoveryCodesPage() {
  const { identity, copy, notify, confirm } = usePortal();
  const { t } = useAuthTranslation();
  const styles = useStyles();
  const load = useCallback(() => identity.getRecoveryCodes(), [identity]);
  const { response, reload } = useIdentityLoad(load, 'recovery-codes');
  // after a reauthentication the confirmation opens again, once the codes (or their absence) show
  const loaded = response?.status === 200 || response?.status === 404;
  const resumable = useResumableAction('regenerateRecoveryCodes', loaded, () => askRegenerate());
  // the host's shared dialog asks first; Confirm runs the call with the button loading meanwhile
  const regenerate = async () => {
    const answer = await resumable(() => identity.regenerateRecoveryCodes());
    if (answer.status === 200) {
      notify({ type: 'success', message: t('mfa.recovery.regenerated') });
      reload();
    } else if (answer.status !== 401) {
      notify({ type: 'error', message: errorMessage(answer, t) });
    }
  };
  const askRegenerate = () =>
    void confirm({
      text: t('mfa.recovery.regenerateConfirm'),
      action: regenerate,
    });

  let body: ReactNode;
  if (!response) body = <LoadingState />;
  else if (response.status === 404)
    body = (
      <Stack>
        <Body1>{t('mfa.recovery.none')}</Body1>
        <Row>
          <Button appearance="primary" onClick={askRegenerate}>
            {t('mfa.recovery.generate')}
          </Button>
        </Row>
      </Stack>
    );
  else if (response.status !== 200)
    body = (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(response, t)}</MessageBarBody>
      </MessageBar>
    );
  else {
    const data = response.data as unknown as RecoveryCodesAuthenticator;
    const codes = data.unused_codes ?? [];
    const text = codes.join('\n');
    body = (
      <Stack>
        <Body1>{t('mfa.recovery.intro')}</Body1>
        <Body1>
          {t('mfa.recovery.left', { unused: data.unused_code_count, total: data.total_code_count })}
        </Body1>
        <ul className={styles.codes} aria-label={t('mfa.recovery.list')}>
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <Row>
          <Button onClick={() => void copy(text)}>{t('mfa.recovery.copy')}</Button>
          <Button onClick={() => downloadText(t('mfa.recovery.fileName'), `${text}\n`)}>
            {t('mfa.recovery.download')}
          </Button>
          <Button onClick={askRegenerate}>{t('mfa.recovery.regenerate')}</Button>
        </Row>
      </Stack>
    );
  }

  return (
    <AuthCard title={t('mfa.recovery.title')}>
      {body}
      <RouterLink to="/auth/2fa">{t('mfa.recovery.back')}</RouterLink>
    </AuthCard>
  );
}
