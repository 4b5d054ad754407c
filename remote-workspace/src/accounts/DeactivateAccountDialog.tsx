import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  FormError,
  VALIDATION_KEYS as M,
  PasswordField,
  SubmitButton,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useMutation } from 'urql';
import { z } from 'zod';
import { refusal } from '../common/refusal';
import { DeactivateAccountDocument, type MyAccountsQuery } from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';

type MyWorkspace = MyAccountsQuery['myAccounts']['workspaces'][number];

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

const schema = z.object({ password: z.string({ error: M.required }).min(1, M.required) });

/**
 * Account deactivation (spec section 4), two steps: a warning listing the user's workspaces, then
 * the password with Back. While the user is the last Administrative user of a workspace, the
 * warning names those workspaces and there is no second step. Afterwards the session is gone: the
 * shell hears it from the identity service and goes to Login.
 */
export function DeactivateAccountDialog({
  workspaces,
  blockers,
  onClose,
}: {
  workspaces: readonly MyWorkspace[];
  blockers: readonly MyWorkspace[];
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { identity, notify } = usePortal();
  const [step, setStep] = useState<'warning' | 'password'>('warning');
  const [, deactivate] = useMutation(DeactivateAccountDocument);
  const blocked = blockers.length > 0;
  const describe = (w: MyWorkspace) =>
    `${w.workspaceName} (${w.accountName}) · ${w.role ? t(`roles.${w.role}`) : t('roles.none')}`;

  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface style={{ maxWidth: '510px' }}>
        {step === 'warning' ? (
          <DialogBody>
            <DialogTitle>{t('deactivation.warningTitle')}</DialogTitle>
            <DialogContent className={styles.content}>
              <MessageBar intent="warning">
                <MessageBarBody>
                  {t('deactivation.text')} <b>{t('deactivation.cannotUndo')}</b>
                </MessageBarBody>
              </MessageBar>
              {blocked ? (
                <>
                  <Text>{t('deactivation.blocked')}</Text>
                  <ul className={styles.list} aria-label={t('deactivation.blocked')}>
                    {blockers.map((w) => (
                      <li key={w.contractUid}>
                        {w.workspaceName} ({w.accountName}) ·{' '}
                        {t('deactivation.servicesCount', { count: w.servicesCount })}
                      </li>
                    ))}
                  </ul>
                </>
              ) : workspaces.length === 0 ? (
                <Text>{t('deactivation.noWorkspaces')}</Text>
              ) : (
                <>
                  <Text>{t('deactivation.listIntro')}</Text>
                  <ul className={styles.list} aria-label={t('deactivation.listIntro')}>
                    {workspaces.map((w) => (
                      <li key={w.contractUid}>{describe(w)}</li>
                    ))}
                  </ul>
                </>
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('deactivation.cancel')}
              </Button>
              {!blocked && (
                <Button appearance="primary" onClick={() => setStep('password')}>
                  {t('deactivation.continue')}
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        ) : (
          <Form<{ password: string }>
            validate={zodValidate(schema)}
            onSubmit={async (values) => {
              const result = await deactivate({ password: values.password }, { portalNotify: false });
              if (result.error) return refusal(result.error, ['password']);
              notify({ type: 'success', message: t('deactivation.done') });
              onClose();
              // the api ended every session: asking for it tells the shell the user is signed out
              await identity.getSession();
              return undefined;
            }}
          >
            {({ handleSubmit }) => (
              <form onSubmit={handleSubmit} noValidate>
                <DialogBody>
                  <DialogTitle>{t('deactivation.passwordTitle')}</DialogTitle>
                  <DialogContent className={styles.content}>
                    <Text>
                      {t('deactivation.text')} <b>{t('deactivation.cannotUndo')}</b>
                    </Text>
                    <PasswordField name="password" label={t('deactivation.password')} required />
                    <FormError />
                  </DialogContent>
                  <DialogActions>
                    <Button appearance="secondary" onClick={() => setStep('warning')}>
                      {t('deactivation.back')}
                    </Button>
                    <SubmitButton>{t('deactivation.confirm')}</SubmitButton>
                  </DialogActions>
                </DialogBody>
              </form>
            )}
          </Form>
        )}
      </DialogSurface>
    </Dialog>
  );
}
