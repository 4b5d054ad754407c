import {
  Badge,
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { DesktopRegular, PhoneRegular } from '@fluentui/react-icons';
import {
  FormError,
  isStrongPassword,
  PasswordField,
  SubmitButton,
  submissionErrors,
  usePortal,
  useValidationText,
  VALIDATION_KEYS,
  withPasswordConfirmation,
  zodValidate,
} from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useCallback, useEffect, useState } from 'react';
import { Form } from 'react-final-form';
import { z } from 'zod';
import { Section } from '../common/Section';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';
import { deviceOf } from './device';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '420px' },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} 0`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  icon: { fontSize: '24px', color: tokens.colorNeutralForeground3, flexShrink: 0 },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, flex: 1 },
  device: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  strong: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  meta: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

/** Profile › Authentication: password, two-factor state, active sessions. */
export function AuthenticationTab() {
  const styles = useStyles();
  return (
    <div className={styles.stack}>
      <PasswordSection />
      <TwoFactorSection />
      <SessionsSection />
    </div>
  );
}

interface PasswordValues {
  current_password: string;
  new_password: string;
  new_password_confirm: string;
}

const M = VALIDATION_KEYS;
const passwordSchema = withPasswordConfirmation(
  z.object({
    current_password: z.string({ error: M.required }).min(1, M.required),
    new_password: z.string({ error: M.required }).min(1, M.required).refine(isStrongPassword, M.password),
    new_password_confirm: z.string({ error: M.required }).min(1, M.required),
  }),
  'new_password',
  'new_password_confirm',
);
const validatePassword = zodValidate(passwordSchema);

/**
 * allauth's `/account/password/change`: the current password, the new one (the spec's rule and
 * hint) and its confirmation ('Password must match'). A stale login answers 401 and the host takes
 * the user through reauthentication and back here; the typed form is gone then, as on allauth's own
 * pages, because the browser leaves this page.
 */
function PasswordSection() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { identity, notify } = usePortal();
  const text = useValidationText();

  const onSubmit = async (values: PasswordValues, form: { restart: () => void }) => {
    const answer = await identity.changePassword({
      current_password: values.current_password,
      new_password: values.new_password,
    });
    if (answer.status === 200) {
      notify({ type: 'success', message: t('profile.password.changed') });
      setTimeout(() => form.restart());
      return undefined;
    }
    if (answer.status === 401) return undefined;
    return submissionErrors(answer, ['current_password', 'new_password'], `${answer.status}`);
  };

  return (
    <Section title={t('profile.password.title')} description={t('profile.password.description')}>
      <Form<PasswordValues>
        onSubmit={onSubmit}
        validate={validatePassword}
        render={({ handleSubmit }) => (
          <form
            className={styles.form}
            onSubmit={handleSubmit}
            noValidate
            aria-label={t('profile.password.title')}
          >
            <PasswordField
              name="current_password"
              label={t('profile.password.current')}
              autoComplete="current-password"
              required
            />
            <PasswordField
              name="new_password"
              label={t('profile.password.new')}
              hint={text(VALIDATION_KEYS.passwordHint)}
              autoComplete="new-password"
              required
            />
            <PasswordField
              name="new_password_confirm"
              label={t('profile.password.confirm')}
              autoComplete="new-password"
              required
            />
            <FormError />
            <div>
              <SubmitButton>{t('profile.password.submit')}</SubmitButton>
            </div>
          </form>
        )}
      />
    </Section>
  );
}

/** The 2FA state from allauth's authenticators, with the way to the 2FA pages of remote-auth. */
function TwoFactorSection() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { identity, me, navigate } = usePortal();
  const [enabled, setEnabled] = useState<boolean | undefined>(me?.user.totp2faEnabled);
  useEffect(() => {
    let live = true;
    void identity.getAuthenticators().then((answer) => {
      if (live && answer.status === 200 && Array.isArray(answer.data))
        setEnabled((answer.data as { type: string }[]).some((a) => a.type === 'totp'));
    });
    return () => {
      live = false;
    };
  }, [identity]);

  const action = enabled ? (
    <div className={styles.row}>
      <Button onClick={() => navigate('/auth/2fa')}>{t('profile.twoFactor.manage')}</Button>
      <Button onClick={() => navigate('/auth/2fa/recovery-codes/')}>
        {t('profile.twoFactor.recoveryCodes')}
      </Button>
    </div>
  ) : (
    <Button appearance="primary" onClick={() => navigate('/auth/2fa/totp/activate/')}>
      {t('profile.twoFactor.enable')}
    </Button>
  );

  return (
    <Section
      title={t('profile.twoFactor.title')}
      description={t('profile.twoFactor.description')}
      action={action}
    >
      <div className={styles.row}>
        <Badge appearance="filled" color={enabled ? 'success' : 'informative'}>
          {enabled ? t('profile.twoFactor.on') : t('profile.twoFactor.off')}
        </Badge>
      </div>
    </Section>
  );
}

interface Session {
  id: number | string;
  created_at: number;
  last_seen_at?: number;
  ip: string;
  user_agent: string;
  is_current: boolean;
}

/** allauth's `/auth/sessions`: device (from the user agent), address, last seen; sign out the others. */
function SessionsSection() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { identity, notify, confirm } = usePortal();
  const { formatDateTime } = useDateFormat();
  const [sessions, setSessions] = useState<Session[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    const answer = await identity.getSessions();
    if (answer.status === 200 && Array.isArray(answer.data)) {
      // this device first, then the most recently seen
      const list = [...(answer.data as Session[])].sort(
        (a, b) =>
          Number(b.is_current) - Number(a.is_current) ||
          (b.last_seen_at ?? b.created_at) - (a.last_seen_at ?? a.created_at),
      );
      setSessions(list);
      setFailed(false);
    } else setFailed(true);
  }, [identity]);

  useEffect(() => {
    void load();
  }, [load]);

  const others = (sessions ?? []).filter((s) => !s.is_current);
  const signOutOthers = () =>
    confirm({
      title: t('profile.sessions.signOutTitle'),
      text: t('profile.sessions.signOutText'),
      confirmText: t('profile.sessions.signOutConfirm'),
      action: async () => {
        const answer = await identity.endSessions(others.map((s) => s.id));
        if (answer.status !== 200) return false;
        notify({ type: 'success', message: t('profile.sessions.signedOut') });
        await load();
        return true;
      },
    });

  const action =
    others.length > 0 ? (
      <Button onClick={() => void signOutOthers()}>{t('profile.sessions.signOutOthers')}</Button>
    ) : null;

  return (
    <Section
      title={t('profile.sessions.title')}
      description={t('profile.sessions.description')}
      action={action}
    >
      {failed ? (
        <MessageBar intent="error">
          <MessageBarBody>{t('profile.common.loadFailed', { detail: '' })}</MessageBarBody>
        </MessageBar>
      ) : !sessions ? (
        <Spinner size="small" label={t('profile.common.loading')} />
      ) : (
        <ul className={styles.list} aria-label={t('profile.sessions.list')}>
          {sessions.map((session) => {
            const device = deviceOf(session.user_agent);
            const name = device
              ? device.os
                ? t('profile.sessions.deviceOn', { browser: device.browser, os: device.os })
                : device.browser
              : t('profile.sessions.unknownDevice');
            const mobile = /Mobile|Android|iPhone|iPad/i.test(session.user_agent ?? '');
            const Icon = mobile ? PhoneRegular : DesktopRegular;
            return (
              <li key={session.id} className={styles.item}>
                <Icon className={styles.icon} />
                <div className={styles.text}>
                  <div className={styles.device}>
                    <Body1 className={styles.strong}>{name}</Body1>
                    {session.is_current ? (
                      <Badge appearance="tint" color="brand">
                        {t('profile.sessions.thisDevice')}
                      </Badge>
                    ) : null}
                  </div>
                  <Caption1 className={styles.meta}>
                    {session.ip} ·{' '}
                    {t('profile.sessions.lastSeen', {
                      when: formatDateTime((session.last_seen_at ?? session.created_at) * 1000),
                    })}
                  </Caption1>
                </div>
              </li>
            );
          })}
          {others.length === 0 ? (
            <li className={styles.item}>
              <Caption1 className={styles.meta}>{t('profile.sessions.none')}</Caption1>
            </li>
          ) : null}
        </ul>
      )}
    </Section>
  );
}
