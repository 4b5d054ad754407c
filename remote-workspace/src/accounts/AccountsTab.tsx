import {
  Badge,
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronRightRegular } from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { MyAccountsDocument, type MyAccountsQuery } from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';
import { DeactivateAccountDialog } from './DeactivateAccountDialog';

type MyWorkspace = MyAccountsQuery['myAccounts']['workspaces'][number];

export const accountSettingsPath = (accountUid: string) =>
  `/profile/accounts/${encodeURIComponent(accountUid)}`;

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    minWidth: 0,
  },
  danger: { border: `1px solid ${tokens.colorPaletteRedBorder2}` },
  accountHead: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  list: { listStyle: 'none', margin: 0, padding: 0 },
  row: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderTop: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  meta: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** Groups the user's workspaces by account, accounts by name. */
export function byAccount(workspaces: readonly MyWorkspace[]) {
  const groups = new Map<string, { accountUid: string; accountName: string; workspaces: MyWorkspace[] }>();
  for (const w of workspaces) {
    const group = groups.get(w.accountUid) ?? {
      accountUid: w.accountUid,
      accountName: w.accountName,
      workspaces: [],
    };
    group.workspaces.push(w);
    groups.set(w.accountUid, group);
  }
  return [...groups.values()];
}

/**
 * Profile › Accounts: the accounts and workspaces the user belongs to with their role; each account
 * opens Account settings. Account deactivation starts here (README: the user's login is the
 * account being deactivated).
 */
export function AccountsTab() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { navigate } = usePortal();
  const [deactivating, setDeactivating] = useState(false);
  const [result, reexecute] = useQuery({ query: MyAccountsDocument, requestPolicy: 'cache-and-network' });
  const accounts = result.data?.myAccounts;
  const groups = useMemo(() => byAccount(accounts?.workspaces ?? []), [accounts]);

  if (!accounts) {
    if (result.fetching || !result.error) return <Spinner label={t('accounts.title')} />;
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('accounts.loadFailed')}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={() => reexecute({ requestPolicy: 'network-only' })}>{t('accounts.retry')}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }

  return (
    <div className={styles.root}>
      <Text className={styles.muted}>{t('accounts.intro')}</Text>
      {groups.length === 0 && <Text>{t('accounts.empty')}</Text>}
      {groups.map((group) => (
        <section key={group.accountUid} className={styles.card} aria-label={group.accountName}>
          <div className={styles.accountHead}>
            <h2 className={styles.h2}>{group.accountName}</h2>
            <Button
              appearance="subtle"
              icon={<ChevronRightRegular />}
              iconPosition="after"
              onClick={() => navigate(accountSettingsPath(group.accountUid))}
              aria-label={t('accounts.open', { name: group.accountName })}
            >
              {t('accounts.settingsTitle')}
            </Button>
          </div>
          <ul className={styles.list}>
            {group.workspaces.map((w) => (
              <li key={w.contractUid} className={styles.row}>
                <Text weight="semibold">{w.workspaceName}</Text>
                <span className={styles.meta}>
                  <Badge appearance="tint" color={w.role ? 'brand' : 'informative'}>
                    {w.role ? t(`roles.${w.role}`) : t('roles.none')}
                  </Badge>
                  <Text size={200} className={styles.muted}>
                    {t('deactivation.servicesCount', { count: w.servicesCount })}
                  </Text>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section className={`${styles.card} ${styles.danger}`} aria-labelledby="deactivate-title">
        <h2 id="deactivate-title" className={styles.h2}>
          {t('deactivation.title')}
        </h2>
        <div className={styles.accountHead}>
          <Text className={styles.muted}>{t('deactivation.text')}</Text>
          <Button onClick={() => setDeactivating(true)}>{t('deactivation.open')}</Button>
        </div>
      </section>
      {deactivating && (
        <DeactivateAccountDialog
          workspaces={accounts.workspaces}
          blockers={accounts.deactivationBlockers}
          onClose={() => setDeactivating(false)}
        />
      )}
    </div>
  );
}
