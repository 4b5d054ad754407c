import { Badge, type BadgeProps } from '@fluentui/react-components';
import type { InvoiceStatus } from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';

const COLORS: Record<InvoiceStatus, BadgeProps['color']> = {
  PAID: 'success',
  OPEN: 'warning',
  OVERDUE: 'danger',
};

/** Paid, Open or Overdue as a Fluent badge (the api derives it from the ledger). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useBillingTranslation();
  return (
    <Badge appearance="tint" color={COLORS[status]} shape="rounded">
      {t(`status.${status}`)}
    </Badge>
  );
}
