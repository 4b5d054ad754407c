import {
  Button,
  Field,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  Select,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { WorkspaceSettingsChangedDocument, WorkspaceSettingsDocument } from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';
import { DeleteWorkspaceDialog } from './DeleteWorkspaceDialog';
import { SettingsForm } from './SettingsForm';
import { UsersSection } from './UsersSection';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    padding: tokens.spacingHorizontalL,
    maxWidth: '1040px',
    minWidth: 0,
    boxSizing: 'border-box',
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  h1: {
    margin: 0,
    fontSize: tokens.fontSizeBase600,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  muted: { color: tokens.colorNeutralForeground3 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  danger: { border: `1px solid ${tokens.colorPaletteRedBorder2}` },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  dangerRow: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
});

/**
 * Workspace settings (spec sections 2 and 3): the workspace's data, its users and invitations, and
 * its deletion. Live: another administrator's change arrives over the subscription socket.
 */
export default function WorkspaceSettingsPage() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { workspace, setActiveEmployee } = usePortal();
  const { contractUid = '' } = useParams();
  const [deleting, setDeleting] = useState(false);
  const [result, reexecute] = useQuery({
    query: WorkspaceSettingsDocument,
    variables: { contractUid },
    pause: !contractUid,
  });
  // graphcache puts each event's settings (keyed by contract) where the query reads them
  useSubscription({
    query: WorkspaceSettingsChangedDocument,
    variables: { contractUid },
    pause: !contractUid || !result.data,
  });

  const settings = result.data?.workspaceSettings;
  const current = workspace?.contractUid === contractUid ? workspace : null;
  const canManage = current?.capabilities.includes('WORKSPACE_MANAGE') ?? false;

  if (!settings) {
    if (result.fetching || !result.error) return <Spinner label={t('workspaceSettings.title')} />;
    return (
      <div className={styles.root}>
        <MessageBar intent="error">
          <MessageBarBody>{t('workspaceSettings.loadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => reexecute({ requestPolicy: 'network-only' })}>
              {t('workspaceSettings.retry')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      </div>
    );
  }

  const myRecords = settings.members.filter((m) => m.isMe && m.kind === 'EMPLOYEE');

  return (
    <div className={styles.root}>
      <div className={styles.header}>
        <h1 className={styles.h1}>{settings.name}</h1>
        <Text className={styles.muted}>
          {current?.number ?? ''}
          {current?.myRole ? ` · ${t(`roles.${current.myRole}`)}` : current ? ` · ${t('roles.none')}` : ''}
        </Text>
      </div>

      {myRecords.length > 1 && current && (
        <Field label={t('workspaceSettings.activeEmployee')} hint={t('workspaceSettings.activeEmployeeHint')}>
          <Select
            value={current.activeEmployeeUid ?? ''}
            onChange={(_event, data) => setActiveEmployee(data.value)}
          >
            {myRecords.map((m) => (
              <option key={m.uid} value={m.uid}>
                {m.name} ({m.role ? t(`roles.${m.role}`) : t('roles.none')})
              </option>
            ))}
          </Select>
        </Field>
      )}

      <section className={styles.card} aria-label={t('workspaceSettings.title')}>
        <SettingsForm settings={settings} canManage={canManage} />
      </section>

      <div className={styles.card}>
        <UsersSection settings={settings} canManage={canManage} />
      </div>

      {canManage && (
        <section className={`${styles.card} ${styles.danger}`} aria-labelledby="delete-title">
          <h2 id="delete-title" className={styles.h2}>
            {t('deletion.title')}
          </h2>
          <div className={styles.dangerRow}>
            <Text className={styles.muted}>{t('deletion.text')}</Text>
            <Button icon={<DeleteRegular />} onClick={() => setDeleting(true)}>
              {t('deletion.open')}
            </Button>
          </div>
        </section>
      )}
      {deleting && (
        <DeleteWorkspaceDialog
          contractUid={contractUid}
          name={settings.name}
          blockers={settings.deletionBlockers}
          onClose={() => setDeleting(false)}
        />
      )}
    </div>
  );
}
