import { Body1, Button, MessageBar, MessageBarBody, Subtitle2 } from '@fluentui/react-components';
import { usePortal } from '@portal/shared';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { Row, Stack } from '../common/Stack';
import { readContact } from '../common/signupContact';
import { errorMessage } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

/** Sign-up is waiting for the e-mail link (`verify_email` pending). */
export function VerifyEmailPending() {
  const { identity } = usePortal();
  const { t } = useAuthTranslation();
  const [email] = useState(() => readContact().email);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const resend = async () => {
    setBusy(true);
    const response = await identity.resendEmailVerification();
    setBusy(false);
    setResult(
      response.status === 200
        ? { ok: true, text: t('signup.verifyEmail.resent') }
        : { ok: false, text: errorMessage(response, t) },
    );
  };

  return (
    <Stack>
      <Subtitle2 as="h2">{t('signup.verifyEmail.title')}</Subtitle2>
      <Body1>
        {email ? (
          <Trans
            t={t}
            i18nKey="signup.verifyEmail.sentTo"
            values={{ email }}
            components={{ strong: <strong /> }}
          />
        ) : (
          t('signup.verifyEmail.sent')
        )}
      </Body1>
      <Body1>{t('signup.verifyEmail.spam')}</Body1>
      {result ? (
        <MessageBar intent={result.ok ? 'success' : 'error'}>
          <MessageBarBody>{result.text}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Row>
        <Button onClick={resend} disabled={busy}>
          {t('signup.verifyEmail.resend')}
        </Button>
      </Row>
    </Stack>
  );
}
