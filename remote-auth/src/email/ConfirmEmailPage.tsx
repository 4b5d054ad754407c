import { Body1, Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import {
  type AuthResponseBody,
  authInfo,
  LOGIN_URL,
  pendingFlow,
  saveNextPath,
  usePortal,
} from '@portal/shared';
import { useCallback, useEffect, useState } from 'react';
import { Trans } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { AuthCard } from '../common/AuthCard';
import { ErrorBar } from '../common/ErrorBar';
import { LoadingState } from '../common/LoadingState';
import { RouterLink } from '../common/RouterLink';
import { Row, Stack } from '../common/Stack';
import { rememberContact } from '../common/signupContact';
import { useIdentityLoad } from '../common/useIdentityLoad';
import { errorMessage } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

/**
 * ConfirmEmail `/auth/confirm-email/:confirmKey?`. `?next=` is kept as the post-login destination
 * when it is a same-site path (saveNextPath checks). With a key: the address, then Confirm.
 *
 * What Confirm answers depends on the server's ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION: allauth's
 * default (off, ours) is 401 with nothing pending, and the customer logs in next: the page says the
 * address is confirmed (a notification) and goes to the login page, remembering the address for
 * this tab (`signupContact`). With the setting on it is 200 signed in, and the host moves on as
 * after any login (LOGGED_IN). A 401 that still has a pending flow is left to the host as well.
 */
export default function ConfirmEmailPage() {
  const { confirmKey } = useParams();
  const [searchParams] = useSearchParams();
  const { t } = useAuthTranslation();
  const next = searchParams.get('next');

  useEffect(() => {
    if (next) saveNextPath(next);
  }, [next]);

  return (
    <AuthCard title={t('confirmEmail.title')}>
      {confirmKey ? (
        <ConfirmKey confirmKey={confirmKey} />
      ) : (
        <Stack>
          <Body1>{t('confirmEmail.noKey')}</Body1>
          <NewLink />
        </Stack>
      )}
    </AuthCard>
  );
}

function ConfirmKey({ confirmKey }: { confirmKey: string }) {
  const { identity, navigate, notify } = usePortal();
  const { t } = useAuthTranslation();
  const load = useCallback(() => identity.getEmailVerification(confirmKey), [identity, confirmKey]);
  const { response } = useIdentityLoad(load, confirmKey);
  const [result, setResult] = useState<AuthResponseBody | null>(null);
  const [busy, setBusy] = useState(false);

  if (!response) return <LoadingState />;
  if (response.status === 400) return <InvalidKey />;
  if (response.status !== 200) return <ErrorBar text={errorMessage(response, t)} />;

  // 200: signed in, the host navigates; 401: confirmed, this session is not signed in (the page
  // is on its way to the login page, or the host to a pending flow's page)
  if (result && (result.status === 200 || result.status === 401)) {
    return (
      <Stack>
        <MessageBar intent="success">
          <MessageBarBody>{t('confirmEmail.confirmed')}</MessageBarBody>
        </MessageBar>
        {authInfo(result).isAuthenticated ? null : (
          <RouterLink to={LOGIN_URL}>{t('login.submit')}</RouterLink>
        )}
      </Stack>
    );
  }
  if (result?.status === 400) return <InvalidKey />;

  const email = String((response.data?.email as string | undefined) ?? '');
  const confirm = async () => {
    setBusy(true);
    const answer = await identity.verifyEmail(confirmKey);
    setResult(answer);
    setBusy(false);
    if (answer.status === 401 && !authInfo(answer).isAuthenticated && !pendingFlow(answer)) {
      if (email) rememberContact({ email });
      notify({ type: 'success', message: t('confirmEmail.confirmed') });
      navigate(LOGIN_URL, { replace: true });
    }
  };
  return (
    <Stack>
      <Body1>
        <Trans
          t={t}
          i18nKey="confirmEmail.confirmAddress"
          values={{ email }}
          components={{ strong: <strong /> }}
        />
      </Body1>
      {result ? <ErrorBar text={errorMessage(result, t)} /> : null}
      <Row>
        <Button appearance="primary" onClick={confirm} disabled={busy}>
          {t('confirmEmail.submit')}
        </Button>
      </Row>
    </Stack>
  );
}

function InvalidKey() {
  const { t } = useAuthTranslation();
  return (
    <Stack>
      <ErrorBar text={t('confirmEmail.invalid')} />
      <NewLink />
    </Stack>
  );
}

/** How to get a new link: resend while sign-up waits for it, else log in (which sends one). */
function NewLink() {
  const { identity, session } = usePortal();
  const { t } = useAuthTranslation();
  const [sent, setSent] = useState<AuthResponseBody | null>(null);
  if (pendingFlow(session.auth)?.id !== 'verify_email') {
    return (
      <Stack>
        <Body1>{t('confirmEmail.newLinkLogin')}</Body1>
        <RouterLink to="/auth/login">{t('login.submit')}</RouterLink>
      </Stack>
    );
  }
  return (
    <Stack>
      <Body1>{t('confirmEmail.newLinkPending')}</Body1>
      {sent ? (
        sent.status === 200 ? (
          <MessageBar intent="success">
            <MessageBarBody>{t('confirmEmail.resent')}</MessageBarBody>
          </MessageBar>
        ) : (
          <ErrorBar text={errorMessage(sent, t)} />
        )
      ) : null}
      <Row>
        <Button onClick={async () => setSent(await identity.resendEmailVerification())}>
          {t('confirmEmail.resend')}
        </Button>
      </Row>
    </Stack>
  );
}
