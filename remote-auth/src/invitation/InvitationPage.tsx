import {
  Body1,
  Button,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { authInfo, saveNextPath, usePortal } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import type { CombinedError } from '@urql/core';
import { type ReactNode, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { AuthCard } from '../common/AuthCard';
import { saveLoginHint } from '../common/loginHint';
import { Row, Stack } from '../common/Stack';
import {
  AcceptInvitationDocument,
  type AcceptInvitationMutation,
  InvitationDocument,
  type InvitationQuery,
} from '../gql/graphql';
import { useInvitationTranslation } from './useInvitationTranslation';

type Invitation = NonNullable<InvitationQuery['invitation']>;
type Joined = AcceptInvitationMutation['acceptInvitation'];

// The page shows its own errors (the route is open to visitors: the portal does not notify here).
const OWN_ERRORS = { portalNotify: false } as const;

const useStyles = makeStyles({
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
});

/** The server's refusal as it said it (wrong e-mail, expired, used), or the network failure. */
function errorText(error: CombinedError): string {
  return error.graphQLErrors[0]?.message ?? error.networkError?.message ?? error.message;
}

/**
 * Invitation `/invitation/:key` (skip-checks: visitors see it too). Shows what the invitation
 * says; a visitor logs in or signs up and comes back here (the post-login destination is saved
 * first); a signed-in user accepts it and opens the workspace joined.
 */
export default function InvitationPage() {
  const { key = '' } = useParams();
  const { t } = useInvitationTranslation();
  const context = useMemo(() => ({ ...OWN_ERRORS, requestPolicy: 'network-only' as const }), []);
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: InvitationDocument,
    variables: { key },
    context,
  });

  let body: ReactNode;
  if (fetching && !data) body = <Spinner size="small" label={t('loading')} />;
  else if (error && !data)
    body = (
      <Stack>
        <MessageBar intent="error">
          <MessageBarBody>{`${t('loadFailed')} ${errorText(error)}`}</MessageBarBody>
        </MessageBar>
        <Row>
          <Button onClick={() => reexecute({ requestPolicy: 'network-only' })}>{t('retry')}</Button>
        </Row>
      </Stack>
    );
  else if (!data?.invitation)
    body = (
      <MessageBar intent="error">
        <MessageBarBody>{t('unknown')}</MessageBarBody>
      </MessageBar>
    );
  else body = <InvitationDetails invitationKey={key} invitation={data.invitation} />;

  return <AuthCard title={t('title')}>{body}</AuthCard>;
}

function InvitationDetails({ invitationKey, invitation }: { invitationKey: string; invitation: Invitation }) {
  const { t } = useInvitationTranslation();
  const { formatDateTime } = useDateFormat();
  const styles = useStyles();
  const entries: [string, string][] = [
    [t('workspace'), invitation.workspaceName],
    [t('invitedBy'), invitation.invitedBy],
    [t('email'), invitation.email],
    [t('role'), t(`roles.${invitation.role}`)],
    [t('statusLabel'), t(`status.${invitation.status}`)],
  ];
  if (invitation.status === 'VALID') entries.push([t('validUntil'), formatDateTime(invitation.expiresAt)]);
  return (
    <Stack>
      <Body1>{t('lead', { invitedBy: invitation.invitedBy, workspaceName: invitation.workspaceName })}</Body1>
      <dl className={styles.details} aria-label={t('details')}>
        {entries.map(([term, value]) => (
          <div key={term} style={{ display: 'contents' }}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      <InvitationAction invitationKey={invitationKey} invitation={invitation} />
    </Stack>
  );
}

function InvitationAction({ invitationKey, invitation }: { invitationKey: string; invitation: Invitation }) {
  const { session } = usePortal();
  const { t } = useInvitationTranslation();
  if (invitation.status === 'EXPIRED') {
    return (
      <MessageBar intent="warning">
        <MessageBarBody>{t('expired')}</MessageBarBody>
      </MessageBar>
    );
  }
  if (invitation.status === 'ACCEPTED') return <AlreadyAccepted />;
  if (!session.isAuthenticated) return <SignInFirst invitationKey={invitationKey} email={invitation.email} />;
  const current = authInfo(session.auth).user?.email ?? null;
  if (current && current.toLowerCase() !== invitation.email.toLowerCase()) {
    return <OtherAccount invitationKey={invitationKey} current={current} email={invitation.email} />;
  }
  return <Accept invitationKey={invitationKey} invitation={invitation} />;
}

function AlreadyAccepted() {
  const { session, navigate } = usePortal();
  const { t } = useInvitationTranslation();
  return (
    <Stack>
      <MessageBar intent="info">
        <MessageBarBody>{t('accepted')}</MessageBarBody>
      </MessageBar>
      {session.isAuthenticated ? (
        <>
          <Body1>{t('acceptedHint')}</Body1>
          <Row>
            <Button onClick={() => navigate('/')}>{t('goHome')}</Button>
          </Row>
        </>
      ) : null}
    </Stack>
  );
}

/** A visitor: log in or sign up, then back here (the invitation is the post-login destination). */
function SignInFirst({ invitationKey, email }: { invitationKey: string; email: string }) {
  const { navigate } = usePortal();
  const { t } = useInvitationTranslation();
  const go = (path: string) => {
    saveNextPath(`/invitation/${encodeURIComponent(invitationKey)}`);
    navigate(path);
  };
  return (
    <Stack>
      <Body1>{t('signedOut', { email })}</Body1>
      <Row>
        <Button appearance="primary" onClick={() => go('/auth/login')}>
          {t('logIn')}
        </Button>
        <Button onClick={() => go('/auth/signup')}>{t('signUp')}</Button>
      </Row>
    </Stack>
  );
}

/**
 * Signed in as someone else than the invited address: only the invited address can accept, so
 * there is nothing to accept here. Logging out (the host then shows the login page) comes back
 * to the invitation after the next login, with the invited address already in the login form.
 */
function OtherAccount({
  invitationKey,
  current,
  email,
}: {
  invitationKey: string;
  current: string;
  email: string;
}) {
  const { identity } = usePortal();
  const { t } = useInvitationTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const switchAccount = async () => {
    setBusy(true);
    setFailure(null);
    saveNextPath(`/invitation/${encodeURIComponent(invitationKey)}`);
    saveLoginHint(email);
    const answer = await identity.logout();
    // 401 (signed out): the host hears of it and opens the login page
    if (answer.status !== 401 && answer.status !== 200) {
      setFailure(answer.errors?.[0]?.message ?? t('logOutFailed'));
      setBusy(false);
    }
  };
  return (
    <Stack>
      <MessageBar intent="warning">
        <MessageBarBody>{t('otherEmail', { current, email })}</MessageBarBody>
      </MessageBar>
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Row>
        <Button appearance="primary" onClick={() => void switchAccount()} disabled={busy}>
          {busy ? t('loggingOut') : t('switchAccount', { email })}
        </Button>
      </Row>
    </Stack>
  );
}

function Accept({ invitationKey, invitation }: { invitationKey: string; invitation: Invitation }) {
  const { navigate, refetch, setWorkspace, confirm } = usePortal();
  const { t } = useInvitationTranslation();
  const [{ fetching, error }, accept] = useMutation(AcceptInvitationDocument);
  const [joined, setJoined] = useState<Joined | null>(null);
  const [listed, setListed] = useState(false);

  const join = async () => {
    const result = await accept({ key: invitationKey }, OWN_ERRORS);
    if (!result.data) return;
    setJoined(result.data.acceptInvitation);
    // the host loads the list again and makes the joined workspace current (the schema's advice)
    await refetch().catch(() => {});
    setWorkspace(result.data.acceptInvitation.workspace.contractUid);
    setListed(true);
  };
  // Joining shares the user's contact data with another customer: they confirm it first. The
  // workspace's name is that customer's text, so it is escaped before it goes into the HTML.
  const onAccept = () =>
    void confirm({
      title: t('confirmTitle'),
      text: t('confirmText', {
        workspaceName: invitation.workspaceName,
        role: t(`roles.${invitation.role}`),
        invitedBy: invitation.invitedBy,
        interpolation: { escapeValue: true },
      }),
      confirmText: t('join'),
      action: join,
    });

  if (joined) {
    return (
      <Stack>
        <MessageBar intent="success">
          <MessageBarBody>{t('joined', { workspaceName: joined.workspace.workspaceName })}</MessageBarBody>
        </MessageBar>
        <Row>
          <Button
            appearance="primary"
            disabled={!listed}
            onClick={() => navigate(`/workspace/${encodeURIComponent(joined.workspace.contractUid)}`)}
          >
            {t('openWorkspace')}
          </Button>
        </Row>
      </Stack>
    );
  }
  return (
    <Stack>
      {error ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(error)}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Row>
        <Button appearance="primary" onClick={onAccept} disabled={fetching}>
          {fetching ? t('accepting') : t('accept')}
        </Button>
      </Row>
    </Stack>
  );
}
