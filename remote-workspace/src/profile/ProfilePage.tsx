import { makeStyles, Tab, TabList, Title3, tokens } from '@fluentui/react-components';
import { usePortal } from '@portal/shared';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { AccountsTab } from '../accounts/AccountsTab';
import { AuthenticationTab } from '../authentication/AuthenticationTab';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';
import { PreferencesTab } from '../preferences/PreferencesTab';
import { SshKeysTab } from '../ssh-keys/SshKeysTab';
import { ProfileTab } from './ProfileTab';
import { PROFILE_TABS, type ProfileTabId, profilePath, profileTab } from './profileTabs';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
    maxWidth: '960px',
  },
  tabs: { overflowX: 'auto', maxWidth: '100%' },
});

/**
 * Profile (spec section 2): tabs Profile, Preferences, SSH keys, Authentication, Accounts; the
 * tab is in the URL (`/profile/:tab`, ids in `profileTabs.ts`).
 */
export default function ProfilePage() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { navigate } = usePortal();
  const { tab: segment } = useParams();
  const { search } = useLocation();
  const tab = profileTab(segment);

  // no tab, or one this page does not know: show Profile and say so in the URL
  useEffect(() => {
    if (segment !== tab) navigate(profilePath(tab) + search, { replace: true });
  }, [segment, tab, search, navigate]);

  return (
    <div className={styles.root}>
      <Title3 as="h1">{t('profile.title')}</Title3>
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        aria-label={t('profile.tabs')}
        onTabSelect={(_event, data) => navigate(profilePath(data.value as ProfileTabId))}
      >
        {PROFILE_TABS.map((id) => (
          <Tab key={id} value={id}>
            {t(`profile.tab.${id}`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={t(`profile.tab.${tab}`)}>
        {tab === 'profile' ? (
          <ProfileTab />
        ) : tab === 'preferences' ? (
          <PreferencesTab />
        ) : tab === 'ssh-keys' ? (
          <SshKeysTab />
        ) : tab === 'authentication' ? (
          <AuthenticationTab />
        ) : (
          <AccountsTab />
        )}
      </div>
    </div>
  );
}
