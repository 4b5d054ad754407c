import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  FormError,
  VALIDATION_KEYS as M,
  PasswordField,
  SubmitButton,
  TextField,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { SelectField } from '@portal/shared/fields';
import type { ReactNode } from 'react';
import { Form } from 'react-final-form';
import { useMutation } from 'urql';
import { z } from 'zod';
import { refusal } from '../common/refusal';
import {
  ChangeWorkspaceUserRoleDocument,
  InviteWorkspaceUserDocument,
  RemoveWorkspaceUserDocument,
  type WorkspaceRole,
} from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';

export const ROLES: readonly WorkspaceRole[] = ['Administrative', 'Billing', 'Technical'];

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const password = () => z.string({ error: M.required }).min(1, M.required);
const inviteSchema = z.object({
  email: z
    .string({ error: M.required })
    .trim()
    .min(1, M.required)
    .pipe(z.email({ error: M.email })),
  role: z.string({ error: M.required }).min(1, M.required),
});
const roleSchema = z.object({ role: z.string().min(1, M.required), password: password() });
const removeSchema = z.object({ password: password() });

/** One small dialog with a form: title, content, Cancel and the submit button. */
function FormDialog<V extends object>({
  title,
  submit,
  initialValues,
  validate,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submit: string;
  initialValues: Partial<V>;
  validate: (values: object) => object | undefined;
  onSubmit: (values: V) => Promise<object | undefined>;
  onClose: () => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface style={{ maxWidth: '510px' }}>
        <Form<V> onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
          {({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              <DialogBody>
                <DialogTitle>{title}</DialogTitle>
                <DialogContent className={styles.content}>
                  {children}
                  <FormError />
                </DialogContent>
                <DialogActions>
                  <Button appearance="secondary" onClick={onClose}>
                    {t('users.cancel')}
                  </Button>
                  <SubmitButton>{submit}</SubmitButton>
                </DialogActions>
              </DialogBody>
            </form>
          )}
        </Form>
      </DialogSurface>
    </Dialog>
  );
}

export function InviteDialog({ contractUid, onClose }: { contractUid: string; onClose: () => void }) {
  const { t } = useWorkspaceTranslation();
  const { notify } = usePortal();
  const [, invite] = useMutation(InviteWorkspaceUserDocument);
  return (
    <FormDialog<{ email: string; role: WorkspaceRole }>
      title={t('users.inviteTitle')}
      submit={t('users.send')}
      initialValues={{ role: 'Technical' }}
      validate={zodValidate(inviteSchema)}
      onClose={onClose}
      onSubmit={async (values) => {
        const email = values.email.trim();
        const result = await invite({ contractUid, email, role: values.role }, { portalNotify: false });
        if (result.error) return refusal(result.error, ['email', 'role']);
        notify({ type: 'success', message: t('users.invited', { email }) });
        onClose();
        return undefined;
      }}
    >
      <Text>{t('users.inviteText')}</Text>
      <TextField name="email" type="email" label={t('users.inviteEmail')} required autoComplete="off" />
      <SelectField
        name="role"
        label={t('users.inviteRole')}
        options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        hint={<RoleHint />}
      />
    </FormDialog>
  );
}

/** What the chosen role may do (the role table, in words). */
function RoleHint() {
  const { t } = useWorkspaceTranslation();
  return (
    <span>
      {ROLES.map((role) => (
        <span key={role} style={{ display: 'block' }}>
          <b>{t(`roles.${role}`)}</b>: {t(`roles.describe.${role}`)}
        </span>
      ))}
    </span>
  );
}

export interface MemberRef {
  uid: string;
  name: string;
  role?: WorkspaceRole | null;
  isMe: boolean;
}

export function ChangeRoleDialog({
  contractUid,
  member,
  onClose,
}: {
  contractUid: string;
  member: MemberRef;
  onClose: () => void;
}) {
  const { t } = useWorkspaceTranslation();
  const { notify, refetch } = usePortal();
  const [, change] = useMutation(ChangeWorkspaceUserRoleDocument);
  return (
    <FormDialog<{ role: WorkspaceRole; password: string }>
      title={t('users.changeRoleTitle', { name: member.name })}
      submit={t('users.changeRole')}
      initialValues={{ role: member.role ?? 'Technical' }}
      validate={zodValidate(roleSchema)}
      onClose={onClose}
      onSubmit={async (values) => {
        const result = await change(
          { contractUid, employeeUid: member.uid, role: values.role, password: values.password },
          { portalNotify: false },
        );
        if (result.error) return refusal(result.error, ['role', 'password']);
        notify({
          type: 'success',
          message: t('users.roleChanged', { name: member.name, role: t(`roles.${values.role}`) }),
        });
        // my own role decides what the drawer and the buttons show
        if (member.isMe) void refetch(contractUid);
        onClose();
        return undefined;
      }}
    >
      <SelectField
        name="role"
        label={t('users.newRole')}
        options={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
        hint={<RoleHint />}
      />
      <PasswordField name="password" label={t('users.password')} hint={t('users.passwordHint')} required />
    </FormDialog>
  );
}

export function RemoveUserDialog({
  contractUid,
  member,
  onClose,
}: {
  contractUid: string;
  member: MemberRef;
  onClose: () => void;
}) {
  const { t } = useWorkspaceTranslation();
  const { notify, refetch, navigate } = usePortal();
  const [, remove] = useMutation(RemoveWorkspaceUserDocument);
  return (
    <FormDialog<{ password: string }>
      title={t('users.removeTitle', { name: member.name })}
      submit={t('users.remove')}
      initialValues={{}}
      validate={zodValidate(removeSchema)}
      onClose={onClose}
      onSubmit={async (values) => {
        const result = await remove(
          { contractUid, memberUid: member.uid, password: values.password },
          { portalNotify: false },
        );
        if (result.error) return refusal(result.error, ['password']);
        notify({ type: 'success', message: t('users.removed', { name: member.name }) });
        onClose();
        if (member.isMe) {
          await refetch();
          navigate('/');
        }
        return undefined;
      }}
    >
      <Text>{member.isMe ? t('users.removeSelfText') : t('users.removeText', { name: member.name })}</Text>
      <PasswordField name="password" label={t('users.password')} hint={t('users.passwordHint')} required />
    </FormDialog>
  );
}
