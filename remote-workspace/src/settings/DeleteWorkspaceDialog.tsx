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
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { useMutation } from 'urql';
import { z } from 'zod';
import { refusal } from '../common/refusal';
import { DeleteWorkspaceDocument } from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  reasons: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
});

const schema = z.object({ password: z.string({ error: M.required }).min(1, M.required) });

type Step = 'password' | 'warning' | 'done';

/**
 * Workspace deletion (spec section 4): the password, a last warning, then the confirmation that it
 * has been deleted. With reasons it cannot be deleted automatically (services, money owed), the
 * dialog says them and leads to support instead.
 */
export function DeleteWorkspaceDialog({
  contractUid,
  name,
  blockers,
  onClose,
}: {
  contractUid: string;
  name: string;
  blockers: readonly string[];
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { navigate, refetch } = usePortal();
  const [step, setStep] = useState<Step>('password');
  const [password, setPassword] = useState('');
  const [, remove] = useMutation(DeleteWorkspaceDocument);
  const [serverBlockers, setServerBlockers] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);

  const finish = async () => {
    onClose();
    await refetch();
    navigate('/');
  };

  const surface = (title: string, body: React.ReactNode, actions: React.ReactNode) => (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={styles.content}>{body}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </DialogBody>
  );

  let content: React.ReactNode;
  if (blockers.length > 0 || serverBlockers) {
    content = surface(
      t('deletion.blockedTitle'),
      serverBlockers ? (
        <Text>{serverBlockers}</Text>
      ) : (
        <>
          <Text>{t('deletion.blockedText')}</Text>
          <ul className={styles.reasons}>
            {blockers.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </>
      ),
      <>
        <Button appearance="secondary" onClick={onClose}>
          {t('deletion.cancel')}
        </Button>
        <Button appearance="primary" onClick={() => navigate('/support')}>
          {t('deletion.contactSupport')}
        </Button>
      </>,
    );
  } else if (step === 'password') {
    content = (
      <Form<{ password: string }>
        // one form per step: React must not hand this step's form to the next
        key="password"
        onSubmit={(values) => {
          setPassword(values.password);
          setPasswordError(null);
          setStep('warning');
        }}
        validate={zodValidate(schema)}
        initialValues={{ password }}
      >
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            {surface(
              t('deletion.title'),
              <>
                <Text>{t('deletion.passwordStep', { name })}</Text>
                <PasswordField name="password" label={t('deletion.password')} required />
                {passwordError && (
                  <MessageBar intent="error">
                    <MessageBarBody>{passwordError}</MessageBarBody>
                  </MessageBar>
                )}
                <FormError />
              </>,
              <>
                <Button appearance="secondary" onClick={onClose}>
                  {t('deletion.cancel')}
                </Button>
                <SubmitButton>{t('deletion.continue')}</SubmitButton>
              </>,
            )}
          </form>
        )}
      </Form>
    );
  } else if (step === 'warning') {
    content = (
      <Form<object>
        key="warning"
        onSubmit={async () => {
          const result = await remove({ contractUid, password }, { portalNotify: false });
          if (result.error) {
            const errors = refusal(result.error, []);
            const message = String((errors as Record<string, unknown>)[FORM_ERROR] ?? '');
            if (result.error.graphQLErrors[0]?.extensions?.code === 'DELETION_BLOCKED') {
              setServerBlockers(message);
              return undefined;
            }
            // a wrong password goes back to its step, with the message on the field
            if (result.error.graphQLErrors[0]?.extensions?.field === 'password') {
              setPasswordError(result.error.graphQLErrors[0].message);
              setStep('password');
              return undefined;
            }
            return errors;
          }
          setStep('done');
          return undefined;
        }}
      >
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate>
            {surface(
              t('deletion.warningTitle'),
              <>
                <MessageBar intent="error">
                  <MessageBarBody>{t('deletion.warning', { name })}</MessageBarBody>
                </MessageBar>
                <FormError />
              </>,
              <>
                <Button appearance="secondary" onClick={() => setStep('password')}>
                  {t('deletion.back')}
                </Button>
                <SubmitButton>{t('deletion.confirm')}</SubmitButton>
              </>,
            )}
          </form>
        )}
      </Form>
    );
  } else {
    content = surface(
      t('deletion.doneTitle'),
      <Text>{t('deletion.done', { name })}</Text>,
      <Button appearance="primary" onClick={finish}>
        {t('deletion.close')}
      </Button>,
    );
  }

  return (
    <Dialog
      open
      modalType="alert"
      onOpenChange={(_event, data) => {
        if (!data.open) void (step === 'done' ? finish() : onClose());
      }}
    >
      <DialogSurface style={{ maxWidth: '510px' }}>{content}</DialogSurface>
    </Dialog>
  );
}
