import {
  Body1,
  Button,
  Caption1,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, DeleteRegular, KeyRegular } from '@fluentui/react-icons';
import { EmptyState, usePortal } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { type ReactNode, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { Section } from '../common/Section';
import {
  ProfileDeleteSshKeyDocument,
  ProfileSshKeysDocument,
  type ProfileSshKeysQuery,
} from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';
import { AddSshKeyDialog } from './AddSshKeyDialog';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
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
  name: { fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  fingerprint: {
    fontFamily: tokens.fontFamilyMonospace,
    overflowWrap: 'anywhere',
    color: tokens.colorNeutralForeground2,
  },
  meta: { color: tokens.colorNeutralForeground3 },
});

type Key = ProfileSshKeysQuery['sshKeys'][number];

/** Profile › SSH keys: the user's keys by name and fingerprint; add one, delete one (confirmed). */
export function SshKeysTab() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { notify, confirm } = usePortal();
  const { formatDate } = useDateFormat();
  const [{ data, fetching, error }, reload] = useQuery({ query: ProfileSshKeysDocument });
  const [, remove] = useMutation(ProfileDeleteSshKeyDocument);
  const [adding, setAdding] = useState(false);
  const keys = data?.sshKeys ?? [];

  const deleteKey = (key: Key) =>
    confirm({
      title: t('profile.sshKeys.deleteTitle'),
      text: t('profile.sshKeys.deleteText', { name: key.name, interpolation: { escapeValue: true } }),
      confirmText: t('profile.sshKeys.delete'),
      action: async () => {
        const result = await remove({ uid: key.uid });
        if (result.error) return false;
        notify({ type: 'success', message: t('profile.sshKeys.deletedToast', { name: key.name }) });
        return true;
      },
    });

  const addButton = (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)}>
      {t('profile.sshKeys.add')}
    </Button>
  );

  let body: ReactNode;
  if (!data && fetching) body = <Spinner size="small" label={t('profile.common.loading')} />;
  else if (!data && error)
    body = (
      <MessageBar intent="error">
        <MessageBarBody>
          {t('profile.common.loadFailed', { detail: error.graphQLErrors[0]?.message ?? '' })}
        </MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => reload({ requestPolicy: 'network-only' })}>
            {t('profile.common.retry')}
          </Button>
        </MessageBarActions>
      </MessageBar>
    );
  else if (keys.length === 0)
    body = (
      <EmptyState
        media={<KeyRegular />}
        title={t('profile.sshKeys.empty')}
        text={t('profile.sshKeys.emptyText')}
      />
    );
  else
    body = (
      <ul className={styles.list} aria-label={t('profile.sshKeys.list')}>
        {keys.map((key) => (
          <li key={key.uid} className={styles.item} aria-label={key.name}>
            <KeyRegular className={styles.icon} />
            <div className={styles.text}>
              <Body1 className={styles.name}>{key.name}</Body1>
              <Caption1 className={styles.fingerprint}>{key.fingerprint}</Caption1>
              <Caption1 className={styles.meta}>
                {key.type.toUpperCase()} · {key.bits} bits · {t('profile.sshKeys.added')}{' '}
                {formatDate(key.createdAt)}
              </Caption1>
            </div>
            <Button
              appearance="subtle"
              icon={<DeleteRegular />}
              aria-label={t('profile.sshKeys.deleteLabel', { name: key.name })}
              onClick={() => void deleteKey(key)}
            />
          </li>
        ))}
      </ul>
    );

  return (
    <Section
      title={t('profile.sshKeys.title')}
      description={t('profile.sshKeys.description')}
      action={addButton}
    >
      {body}
      <AddSshKeyDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(key) => {
          setAdding(false);
          notify({ type: 'success', message: t('profile.sshKeys.addedToast', { name: key.name }) });
        }}
      />
    </Section>
  );
}
