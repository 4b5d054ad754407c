import {
  Badge,
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  emailField,
  FormError,
  SubmitButton,
  submissionErrors,
  TextField,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { useCallback, useEffect, useState } from 'react';
import { Form } from 'react-final-form';
import { z } from 'zod';
import { Section } from '../common/Section';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  email: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  links: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

interface Address {
  email: string;
  primary: boolean;
  verified: boolean;
}

const validate = zodValidate(z.object({ email: emailField() }));

/**
 * The login e-mail with allauth's e-mail change (`/account/email`, ACCOUNT_CHANGE_EMAIL): the new
 * address gets a link; it replaces the login once followed (the api then publishes `meChanged`, so
 * the address here follows). A stale login is sent through reauthentication by the host first.
 */
export function EmailSection() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { me, identity, notify } = usePortal();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const email = me?.user.email ?? '';

  const readPending = useCallback((data: unknown) => {
    const list = Array.isArray(data) ? (data as Address[]) : [];
    setPending(list.find((a) => !a.primary)?.email ?? null);
  }, []);

  // the pending change, if any; again whenever the login address changed
  useEffect(() => {
    let live = true;
    if (!email) return;
    void identity.getEmailAddresses().then((answer) => {
      if (live && answer.status === 200) readPending(answer.data);
    });
    return () => {
      live = false;
    };
  }, [identity, readPending, email]);

  const onSubmit = async (values: { email: string }) => {
    const answer = await identity.changeEmail(values.email.trim());
    if (answer.status === 200) {
      readPending(answer.data);
      setOpen(false);
      notify({
        type: 'success',
        message: t('profile.email.sent', { email: values.email.trim().toLowerCase() }),
      });
      return undefined;
    }
    // 401: the host takes the user through reauthentication and back here
    if (answer.status === 401) return undefined;
    return submissionErrors(
      answer,
      ['email'],
      t('profile.common.loadFailed', { detail: `(${answer.status})` }),
    );
  };

  const resend = async () => {
    if (!pending) return;
    const answer = await identity.resendEmailVerificationTo(pending);
    if (answer.status === 200)
      notify({ type: 'success', message: t('profile.email.resent', { email: pending }) });
    else
      notify({ type: 'warning', message: t('profile.common.loadFailed', { detail: `(${answer.status})` }) });
  };

  const dropPending = async () => {
    if (!pending) return;
    const answer = await identity.cancelEmailChange(pending);
    if (answer.status === 200) readPending(answer.data);
  };

  return (
    <>
      <Section
        title={t('profile.email.title')}
        description={t('profile.email.description')}
        action={<Button onClick={() => setOpen(true)}>{t('profile.email.change')}</Button>}
      >
        <div className={styles.row}>
          <Body1 className={styles.email}>{email}</Body1>
          <Badge appearance="tint" color="success">
            {t('profile.email.verified')}
          </Badge>
        </div>
        {pending ? (
          <MessageBar intent="info">
            <MessageBarBody>
              {t('profile.email.pending', { email: pending })}{' '}
              <span className={styles.links}>
                <Link as="button" onClick={() => void resend()}>
                  {t('profile.email.resend')}
                </Link>
                <Link as="button" onClick={() => void dropPending()}>
                  {t('profile.email.cancelChange')}
                </Link>
              </span>
            </MessageBarBody>
          </MessageBar>
        ) : null}
      </Section>
      <Dialog open={open} onOpenChange={(_event, data) => setOpen(data.open)}>
        <DialogSurface>
          <Form<{ email: string }>
            onSubmit={onSubmit}
            validate={validate}
            render={({ handleSubmit }) => (
              <form onSubmit={handleSubmit} noValidate>
                <DialogBody>
                  <DialogTitle>{t('profile.email.dialogTitle')}</DialogTitle>
                  <DialogContent className={styles.form}>
                    <Body1>{t('profile.email.dialogText', { email })}</Body1>
                    <TextField
                      name="email"
                      type="email"
                      label={t('profile.email.newEmail')}
                      autoComplete="email"
                      required
                    />
                    <FormError />
                  </DialogContent>
                  <DialogActions>
                    <Button appearance="secondary" onClick={() => setOpen(false)}>
                      {t('profile.common.cancel')}
                    </Button>
                    <SubmitButton>{t('profile.email.send')}</SubmitButton>
                  </DialogActions>
                </DialogBody>
              </form>
            )}
          />
        </DialogSurface>
      </Dialog>
    </>
  );
}
