import { Button, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { EmptyState, usePortal } from '@portal/shared';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { computeEnabled } from '../common/computeAccess';
import { FirewallOverview } from '../firewall/FirewallOverview';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { InstancesTable } from '../instances/InstancesTable';
import { MonitoringView } from '../monitoring/MonitoringView';
import { NetworkOverview } from '../network/NetworkOverview';
import { DASHBOARD_TABS, type DashboardTab, dashboardPath, dashboardTab } from './dashboardTabs';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
  },
  tabs: { overflowX: 'auto', maxWidth: '100%' },
});

/** Dashboard (spec section 2): tabs Instances, Monitoring, Network, Firewall; the tab is in the URL. */
export default function DashboardPage() {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { navigate, workspace } = usePortal();
  const { contractUid = '', tab: segment } = useParams();
  const { search } = useLocation();
  const tab = dashboardTab(segment);

  // no tab, or one this page does not know: show Instances and say so in the URL
  useEffect(() => {
    if (contractUid && segment !== tab) navigate(dashboardPath(contractUid, tab) + search, { replace: true });
  }, [contractUid, segment, tab, search, navigate]);

  return (
    <div className={styles.root}>
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        aria-label={t('dashboard.tabs')}
        onTabSelect={(_event, data) => navigate(dashboardPath(contractUid, data.value as DashboardTab))}
      >
        {DASHBOARD_TABS.map((id) => (
          <Tab key={id} value={id}>
            {t(`dashboard.tab.${id}`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={t(`dashboard.tab.${tab}`)}>
        {workspace && !computeEnabled(workspace) ? (
          <EmptyState
            media={<LockClosedRegular />}
            title={t('instances.notEnabled')}
            text={t('instances.notEnabledText')}
            action={<Button onClick={() => navigate('/support')}>{t('instances.toSupport')}</Button>}
          />
        ) : tab === 'instances' ? (
          <InstancesTable contractUid={contractUid} />
        ) : tab === 'monitoring' ? (
          <MonitoringView contractUid={contractUid} />
        ) : tab === 'network' ? (
          <NetworkOverview contractUid={contractUid} />
        ) : (
          <FirewallOverview contractUid={contractUid} />
        )}
      </div>
    </div>
  );
}
