import { Caption1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useQuery } from 'urql';
import { InstanceQuotaDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';

/**
 * What the workspace may still deploy, beside Deploy: "3 of 10 instances", and before the customer
 * fills in the form in vain, why Deploy would be refused (the limit reached, an overdue invoice).
 */
export function InstanceQuotaNotice({ contractUid }: { contractUid: string }) {
  const { t } = useComputeTranslation();
  const [{ data }] = useQuery({
    query: InstanceQuotaDocument,
    variables: { contractUid },
    requestPolicy: 'cache-and-network',
  });
  const quota = data?.instanceQuota;
  if (!quota) return null;
  const refusal = quota.invoiceOverdue
    ? t('newInstance.invoiceOverdue')
    : quota.used >= quota.limit
      ? t('newInstance.limitReached')
      : null;
  return (
    <>
      <Caption1 data-testid="instance-quota">
        {t('newInstance.quota', { used: quota.used, limit: quota.limit })}
      </Caption1>
      {refusal && (
        <MessageBar intent="warning">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}

/** The refusals of a deployment the account does not allow, in the user's language (by their code). */
export const QUOTA_REFUSALS = {
  INSTANCE_LIMIT_REACHED: 'newInstance.limitReached',
  INVOICE_OVERDUE: 'newInstance.invoiceOverdue',
} as const;
