import {
  Avatar,
  Badge,
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { MoreHorizontalRegular, PersonAddRegular } from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useState } from 'react';
import { useMutation } from 'urql';
import {
  ResendWorkspaceInvitationDocument,
  RevokeWorkspaceInvitationDocument,
  type WorkspaceSettingsFieldsFragment,
} from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';
import { ChangeRoleDialog, InviteDialog, type MemberRef, RemoveUserDialog } from './memberDialogs';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    padding: `${tokens.spacingVerticalM} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  who: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flex: '1 1 240px',
    minWidth: 0,
  },
  names: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  email: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  badges: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  h3: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});

type Dialog =
  | { kind: 'invite' }
  | { kind: 'role'; member: MemberRef }
  | { kind: 'remove'; member: MemberRef }
  | null;

/** The users of the workspace (employees and authorized people) and its open invitations. */
export function UsersSection({
  settings,
  canManage,
}: {
  settings: WorkspaceSettingsFieldsFragment;
  canManage: boolean;
}) {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { notify, confirm } = usePortal();
  const { formatDate } = useDateFormat();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [, resend] = useMutation(ResendWorkspaceInvitationDocument);
  const [, revoke] = useMutation(RevokeWorkspaceInvitationDocument);
  const { contractUid } = settings;

  return (
    <section className={styles.root} aria-labelledby="users-title">
      <div className={styles.header}>
        <h2 id="users-title" className={styles.h3}>
          {t('users.title')}
        </h2>
        {canManage && (
          <Button
            appearance="primary"
            icon={<PersonAddRegular />}
            onClick={() => setDialog({ kind: 'invite' })}
          >
            {t('users.invite')}
          </Button>
        )}
      </div>
      <ul className={styles.list} aria-label={t('users.title')}>
        {settings.members.map((member) => {
          const ref: MemberRef = { uid: member.uid, name: member.name, role: member.role, isMe: member.isMe };
          return (
            <li key={member.uid} className={styles.row} aria-label={member.name}>
              <div className={styles.who}>
                <Avatar name={member.name} size={32} color="colorful" />
                <div className={styles.names}>
                  <Text weight="semibold">
                    {member.name}
                    {member.isMe ? ` (${t('users.you')})` : ''}
                  </Text>
                  <Text size={200} className={styles.email}>
                    {member.email}
                  </Text>
                </div>
              </div>
              <div className={styles.badges}>
                <Badge appearance="tint" color={member.role ? 'brand' : 'informative'}>
                  {member.role ? t(`roles.${member.role}`) : t('roles.none')}
                </Badge>
                <Badge
                  appearance="outline"
                  color={
                    member.loginStatus === 'ACTIVE'
                      ? 'success'
                      : member.loginStatus === 'INVITED'
                        ? 'warning'
                        : 'important'
                  }
                >
                  {t(`users.status.${member.loginStatus}`)}
                </Badge>
                {canManage && (
                  <Menu>
                    <MenuTrigger disableButtonEnhancement>
                      <Button
                        appearance="subtle"
                        icon={<MoreHorizontalRegular />}
                        aria-label={t('users.actionsFor', { name: member.name })}
                      />
                    </MenuTrigger>
                    <MenuPopover>
                      <MenuList>
                        {member.kind === 'EMPLOYEE' && (
                          <MenuItem onClick={() => setDialog({ kind: 'role', member: ref })}>
                            {t('users.changeRole')}
                          </MenuItem>
                        )}
                        <MenuItem onClick={() => setDialog({ kind: 'remove', member: ref })}>
                          {t('users.remove')}
                        </MenuItem>
                      </MenuList>
                    </MenuPopover>
                  </Menu>
                )}
              </div>
            </li>
          );
        })}
      </ul>

      <h3 className={styles.h3}>{t('users.invitations')}</h3>
      {settings.invitations.length === 0 ? (
        <Text className={styles.muted}>{t('users.emptyInvitations')}</Text>
      ) : (
        <ul className={styles.list} aria-label={t('users.invitations')}>
          {settings.invitations.map((invitation) => (
            <li key={invitation.uid} className={styles.row} aria-label={invitation.email}>
              <div className={styles.who}>
                <Avatar name={invitation.email} size={32} />
                <div className={styles.names}>
                  <Text weight="semibold" style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Text>
                  <Text size={200} className={styles.email}>
                    {t('users.invitedBy', { name: invitation.invitedBy })} ·{' '}
                    {invitation.status === 'EXPIRED'
                      ? t('users.expired')
                      : t('users.expires', { date: formatDate(invitation.expiresAt) })}
                  </Text>
                </div>
              </div>
              <div className={styles.badges}>
                <Badge appearance="tint" color="brand">
                  {t(`roles.${invitation.role}`)}
                </Badge>
                {canManage && (
                  <>
                    <Button
                      size="small"
                      onClick={async () => {
                        const result = await resend({ contractUid, invitationUid: invitation.uid });
                        if (!result.error)
                          notify({
                            type: 'success',
                            message: t('users.resent', { email: invitation.email }),
                          });
                      }}
                    >
                      {t('users.resend')}
                    </Button>
                    <Button
                      size="small"
                      appearance="subtle"
                      onClick={async () => {
                        const ok = await confirm({
                          title: t('users.revoke'),
                          text: t('users.revokeConfirm', {
                            email: invitation.email,
                            interpolation: { escapeValue: true },
                          }),
                          confirmText: t('users.revoke'),
                          action: async () => {
                            const result = await revoke({ contractUid, invitationUid: invitation.uid });
                            return !result.error;
                          },
                        });
                        if (ok)
                          notify({
                            type: 'success',
                            message: t('users.revoked', { email: invitation.email }),
                          });
                      }}
                    >
                      {t('users.revoke')}
                    </Button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      {dialog?.kind === 'invite' && (
        <InviteDialog contractUid={contractUid} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'role' && (
        <ChangeRoleDialog contractUid={contractUid} member={dialog.member} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveUserDialog contractUid={contractUid} member={dialog.member} onClose={() => setDialog(null)} />
      )}
    </section>
  );
}
