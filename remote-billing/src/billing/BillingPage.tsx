import { Button, makeStyles, Tab, TabList, Title3, tokens } from '@fluentui/react-components';
import { PaymentRegular } from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { useQuery } from 'urql';
import { BalanceSummary } from '../balance/BalanceSummary';
import { mayPay } from '../common/billingAccess';
import { BillingRevision, useBillingSubscription } from '../common/useBillingLive';
import { BillingLegacyPresenceDocument, BillingRolesDocument } from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import { InvoicesTab } from '../invoices/InvoicesTab';
import type { InvoiceSelection } from '../invoices/selection';
import { LegacyContractsTab } from '../legacy/LegacyContractsTab';
import { LegacyInvoicesTab } from '../legacy/LegacyInvoicesTab';
import { PaymentMethodsTab } from '../payment-methods/PaymentMethodsTab';
import { MakePaymentDialog } from '../payments/MakePaymentDialog';
import { PendingPaymentNotice } from '../payments/PendingPaymentNotice';
import { UpcomingChargesTab } from '../upcoming/UpcomingChargesTab';
import { type BillingTab, billingPath, billingTab, visibleTabs } from './billingTabs';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
    maxWidth: '1280px',
  },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  tabs: { overflowX: 'auto', maxWidth: '100%' },
  panel: { minWidth: 0 },
});

/**
 * Billing (spec section 2, issue 11): the fund balance on top, then tabs (in the URL) for invoices,
 * upcoming charges, the legacy invoices and contracts (legacy workspaces only) and payment methods;
 * Make a Payment for those who may pay, with the invoices selected on the Invoices tab.
 */
export default function BillingPage() {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const { navigate, workspace, me } = usePortal();
  const { contractUid = '', tab: segment } = useParams();
  const { search } = useLocation();
  const revision = useBillingSubscription(contractUid);

  const [legacy] = useQuery({
    query: BillingLegacyPresenceDocument,
    variables: { contractUid },
    pause: !contractUid,
  });
  const [roles] = useQuery({ query: BillingRolesDocument, variables: { contractUid }, pause: !contractUid });

  // until the api answers, the workspace's kind tells (STD workspaces have a legacy contract)
  const hasLegacy = legacy.data
    ? legacy.data.legacyContract !== null
    : workspace?.contractUid === contractUid && workspace.kind === 'STD';
  const known = !!legacy.data || !!legacy.error;
  const tabs = visibleTabs(hasLegacy);
  const tab = billingTab(segment, tabs);

  // no tab, or one this page does not know (or a legacy tab of a cabinet workspace): Invoices, in the URL
  useEffect(() => {
    if (!contractUid || segment === tab) return;
    if (!known && segment && visibleTabs(true).includes(segment as BillingTab)) return;
    navigate(billingPath(contractUid, tab) + search, { replace: true });
  }, [contractUid, segment, tab, search, navigate, known]);

  const [selection, setSelection] = useState<InvoiceSelection>(() => new Map());
  const [paying, setPaying] = useState(false);
  // another workspace starts with nothing selected
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the workspace changes
  useEffect(() => setSelection(new Map()), [contractUid]);
  const selectedInvoiceUids = useMemo(() => [...selection.keys()], [selection]);
  const canPay = mayPay(roles.data?.allWorkspaces[0]?.employee, me?.user.email);
  const closePayment = useCallback(() => setPaying(false), []);
  const paid = useCallback(() => setSelection(new Map()), []);

  return (
    <BillingRevision.Provider value={revision}>
      <div className={styles.root}>
        <header className={styles.header}>
          <Title3 as="h1">{t('page.title')}</Title3>
          {canPay && (
            <Button appearance="primary" icon={<PaymentRegular />} onClick={() => setPaying(true)}>
              {t('page.makePayment')}
            </Button>
          )}
        </header>
        <BalanceSummary contractUid={contractUid} />
        <PendingPaymentNotice contractUid={contractUid} canPay={canPay} />
        <TabList
          className={styles.tabs}
          selectedValue={tab}
          aria-label={t('page.tabs')}
          onTabSelect={(_event, data) => navigate(billingPath(contractUid, data.value as BillingTab))}
        >
          {tabs.map((id) => (
            <Tab key={id} value={id}>
              {t(`page.tab.${id}`)}
            </Tab>
          ))}
        </TabList>
        <div role="tabpanel" aria-label={t(`page.tab.${tab}`)} className={styles.panel}>
          {tab === 'invoices' ? (
            <InvoicesTab
              contractUid={contractUid}
              selectable={canPay}
              selection={selection}
              onSelectionChange={setSelection}
            />
          ) : tab === 'upcoming' ? (
            <UpcomingChargesTab contractUid={contractUid} />
          ) : tab === 'legacy-invoices' ? (
            <LegacyInvoicesTab contractUid={contractUid} />
          ) : tab === 'legacy-contracts' ? (
            <LegacyContractsTab contractUid={contractUid} />
          ) : (
            <PaymentMethodsTab contractUid={contractUid} />
          )}
        </div>
        {canPay && (
          <MakePaymentDialog
            contractUid={contractUid}
            selectedInvoiceUids={selectedInvoiceUids}
            open={paying}
            onClose={closePayment}
            onPaid={paid}
          />
        )}
      </div>
    </BillingRevision.Provider>
  );
}
