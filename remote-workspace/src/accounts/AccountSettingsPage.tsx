import {
  Badge,
  Button,
  Link,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import { useParams } from 'react-router';
import { useQuery } from 'urql';
import { MyAccountsDocument } from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';
import { byAccount } from './AccountsTab';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    maxWidth: '960px',
    minWidth: 0,
    boxSizing: 'border-box',
  },
  h1: {
    margin: 0,
    fontSize: tokens.fontSizeBase600,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  h2: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
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
  meta: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  back: { alignSelf: 'flex-start' },
});

/**
 * AccountSettings `/profile/accounts/:uid` (title "Account settings", spec section 2): one billing
 * account of the user, its workspaces with the user's role, each leading to its workspace settings.
 */
export default function AccountSettingsPage() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { navigate, setWorkspace } = usePortal();
  const { uid = '' } = useParams();
  const [result, reexecute] = useQuery({ query: MyAccountsDocument, requestPolicy: 'cache-and-network' });
  const accounts = result.data?.myAccounts;

  const back = (
    <Button
      className={styles.back}
      appearance="subtle"
      icon={<ArrowLeftRegular />}
      onClick={() => navigate('/profile/accounts')}
    >
      {t('accounts.back')}
    </Button>
  );

  if (!accounts) {
    if (result.fetching || !result.error) return <Spinner label={t('accounts.settingsTitle')} />;
    return (
      <div className={styles.root}>
        {back}
        <MessageBar intent="error">
          <MessageBarBody>{t('accounts.loadFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => reexecute({ requestPolicy: 'network-only' })}>
              {t('accounts.retry')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      </div>
    );
  }
  const account = byAccount(accounts.workspaces).find((a) => a.accountUid === uid);
  if (!account) {
    return (
      <div className={styles.root}>
        {back}
        <MessageBar intent="warning">
          <MessageBarBody>{t('accounts.notFound')}</MessageBarBody>
        </MessageBar>
      </div>
    );
  }
  return (
    <div className={styles.root}>
      {back}
      <h1 className={styles.h1}>{account.accountName}</h1>
      <section className={styles.card} aria-labelledby="account-workspaces">
        <h2 id="account-workspaces" className={styles.h2}>
          {t('accounts.workspaces')}
        </h2>
        <ul className={styles.list}>
          {account.workspaces.map((w) => (
            <li key={w.contractUid} className={styles.row}>
              <Text weight="semibold">{w.workspaceName}</Text>
              <span className={styles.meta}>
                <Badge appearance="tint" color={w.role ? 'brand' : 'informative'}>
                  {w.role ? t(`roles.${w.role}`) : t('roles.none')}
                </Badge>
                <Text size={200}>{t('deactivation.servicesCount', { count: w.servicesCount })}</Text>
                <Link
                  href={`/workspace/${encodeURIComponent(w.contractUid)}/settings`}
                  onClick={(event) => {
                    event.preventDefault();
                    setWorkspace(w.contractUid);
                    navigate(`/workspace/${encodeURIComponent(w.contractUid)}/settings`);
                  }}
                >
                  {t('accounts.workspaceSettings')}
                </Link>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
