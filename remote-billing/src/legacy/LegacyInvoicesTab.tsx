import { Spinner } from '@fluentui/react-components';
import { DocumentRegular } from '@fluentui/react-icons';
import { EmptyState } from '@portal/shared';
import { useQuery } from 'urql';
import { LoadError } from '../common/LoadError';
import { useRefetchOnChange } from '../common/useBillingLive';
import { LegacyContractDocument } from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import { InvoiceList } from '../invoices/InvoiceList';

/** Legacy invoices: those issued under the legacy (STD) contract, newest first, with their PDF. */
export function LegacyInvoicesTab({ contractUid }: { contractUid: string }) {
  const { t } = useBillingTranslation();
  const [{ data, error }, reexecute] = useQuery({
    query: LegacyContractDocument,
    variables: { contractUid },
    pause: !contractUid,
  });
  useRefetchOnChange(() => reexecute({ requestPolicy: 'network-only' }));

  if (!data) {
    if (error) return <LoadError error={error} retry={() => reexecute({ requestPolicy: 'network-only' })} />;
    return <Spinner label={t('common.loading')} />;
  }
  const invoices = data.legacyContract?.invoices ?? [];
  if (invoices.length === 0)
    return (
      <EmptyState
        media={<DocumentRegular />}
        title={t('legacy.noInvoices')}
        text={t('legacy.noInvoicesText')}
      />
    );
  return <InvoiceList invoices={invoices} label={t('legacy.invoicesTitle')} />;
}
