import {
  Button,
  Caption1,
  Card,
  Checkbox,
  makeStyles,
  mergeClasses,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { formatMoney } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useNarrow } from '../common/useNarrow';
import type { InvoiceFieldsFragment } from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import { InvoiceStatusBadge } from './InvoiceStatusBadge';
import { type InvoiceSelection, toggled } from './selection';

const useStyles = makeStyles({
  // the table scrolls inside its own box; the page never scrolls sideways
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  // fixed column widths (Fluent's table lays out fixed); the status and its payment take the rest
  table: { minWidth: '900px' },
  selectCell: { width: '44px' },
  numberCell: { width: '170px' },
  dateCell: { width: '120px' },
  moneyCell: { width: '120px' },
  downloadCell: { width: '56px' },
  number: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  money: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  moneyHead: { '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end' } },
  status: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
  },
  sub: { color: tokens.colorNeutralForeground3 },
  cards: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  item: { display: 'block' },
  card: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  cardHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  cardNumber: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold },
  cardGrid: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXXS,
    margin: 0,
  },
  dt: { color: tokens.colorNeutralForeground3 },
  dd: { margin: 0, textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
});

/** The invoice's PDF through the authorised link (same origin, the session cookie goes along). */
export const pdfHref = (invoice: Pick<InvoiceFieldsFragment, 'uid' | 'url'>) =>
  invoice.url ?? `/api/invoices/${encodeURIComponent(invoice.uid)}/pdf`;

export interface InvoiceListProps {
  invoices: readonly InvoiceFieldsFragment[];
  label: string;
  /** shows the checkbox of open invoices that may be paid */
  selectable?: boolean;
  selection?: InvoiceSelection;
  onSelectionChange?: (selection: InvoiceSelection) => void;
}

function useInvoiceTexts() {
  const { t } = useBillingTranslation();
  const { formatDate, formatDateTime } = useDateFormat();
  const settledBy = (invoice: InvoiceFieldsFragment) =>
    invoice.paymentAmount && invoice.paymentCreatedOn
      ? t('invoices.paidBy', {
          amount: formatMoney(invoice.paymentAmount, invoice.paymentCurrency ?? invoice.currency),
          by: invoice.paymentCreatedBy ?? '',
          when: formatDateTime(invoice.paymentCreatedOn),
        })
      : null;
  return { t, formatDate, settledBy };
}

function DownloadButton({ invoice }: { invoice: InvoiceFieldsFragment }) {
  const { t } = useBillingTranslation();
  return (
    <Button
      as="a"
      href={pdfHref(invoice)}
      download={`${invoice.number}.pdf`}
      appearance="subtle"
      icon={<ArrowDownloadRegular />}
      aria-label={t('invoices.downloadLabel', { number: invoice.number })}
      title={t('invoices.download')}
    />
  );
}

/**
 * Invoices as a table (number, dates, amount, amount due, status with the payment that settled it,
 * PDF), or as cards on a phone; open invoices that may be paid carry a checkbox.
 */
export function InvoiceList({
  invoices,
  label,
  selectable = false,
  selection,
  onSelectionChange,
}: InvoiceListProps) {
  const styles = useStyles();
  const narrow = useNarrow();
  const { t, formatDate, settledBy } = useInvoiceTexts();
  const current = selection ?? new Map();
  const canSelect = (invoice: InvoiceFieldsFragment) => selectable && invoice.isSelectableForPayment;
  const selectBox = (invoice: InvoiceFieldsFragment) =>
    canSelect(invoice) ? (
      <Checkbox
        checked={current.has(invoice.uid)}
        aria-label={t('invoices.select', { number: invoice.number })}
        onChange={(_event, data) => onSelectionChange?.(toggled(current, invoice, data.checked === true))}
      />
    ) : null;

  if (narrow)
    return (
      <ul className={styles.cards} aria-label={label}>
        {invoices.map((invoice) => {
          const settled = settledBy(invoice);
          return (
            <li key={invoice.uid} className={styles.item}>
              <Card className={styles.card} aria-label={invoice.number}>
                <div className={styles.cardHead}>
                  {selectBox(invoice)}
                  <Text className={styles.cardNumber}>{invoice.number}</Text>
                  <InvoiceStatusBadge status={invoice.status} />
                  <DownloadButton invoice={invoice} />
                </div>
                <dl className={styles.cardGrid}>
                  <dt className={styles.dt}>{t('invoices.columns.dateInvoiced')}</dt>
                  <dd className={styles.dd}>{formatDate(invoice.dateInvoiced)}</dd>
                  <dt className={styles.dt}>{t('invoices.columns.dateDue')}</dt>
                  <dd className={styles.dd}>{formatDate(invoice.dateDue)}</dd>
                  <dt className={styles.dt}>{t('invoices.columns.amount')}</dt>
                  <dd className={styles.dd}>{formatMoney(invoice.amount, invoice.currency)}</dd>
                  <dt className={styles.dt}>{t('invoices.columns.amountDue')}</dt>
                  <dd className={styles.dd}>{formatMoney(invoice.amountDue, invoice.currency)}</dd>
                </dl>
                {settled && <Caption1 className={styles.sub}>{settled}</Caption1>}
              </Card>
            </li>
          );
        })}
      </ul>
    );

  return (
    <div className={styles.scroller}>
      <Table className={styles.table} aria-label={label}>
        <TableHeader>
          <TableRow>
            {selectable && (
              <TableHeaderCell className={styles.selectCell}>
                <span className={styles.hidden}>{t('invoices.columns.select')}</span>
              </TableHeaderCell>
            )}
            <TableHeaderCell className={styles.numberCell}>{t('invoices.columns.number')}</TableHeaderCell>
            <TableHeaderCell className={styles.dateCell}>
              {t('invoices.columns.dateInvoiced')}
            </TableHeaderCell>
            <TableHeaderCell className={styles.dateCell}>{t('invoices.columns.dateDue')}</TableHeaderCell>
            <TableHeaderCell className={mergeClasses(styles.moneyCell, styles.moneyHead)}>
              {t('invoices.columns.amount')}
            </TableHeaderCell>
            <TableHeaderCell className={mergeClasses(styles.moneyCell, styles.moneyHead)}>
              {t('invoices.columns.amountDue')}
            </TableHeaderCell>
            <TableHeaderCell>{t('invoices.columns.status')}</TableHeaderCell>
            <TableHeaderCell className={styles.downloadCell}>
              <span className={styles.hidden}>{t('invoices.columns.download')}</span>
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invoices.map((invoice) => {
            const settled = settledBy(invoice);
            return (
              <TableRow key={invoice.uid}>
                {selectable && <TableCell className={styles.selectCell}>{selectBox(invoice)}</TableCell>}
                <TableCell className={styles.number}>{invoice.number}</TableCell>
                <TableCell>{formatDate(invoice.dateInvoiced)}</TableCell>
                <TableCell>{formatDate(invoice.dateDue)}</TableCell>
                <TableCell className={styles.money}>
                  {formatMoney(invoice.amount, invoice.currency)}
                </TableCell>
                <TableCell className={styles.money}>
                  {formatMoney(invoice.amountDue, invoice.currency)}
                </TableCell>
                <TableCell>
                  <div className={styles.status}>
                    <InvoiceStatusBadge status={invoice.status} />
                    {settled && <Caption1 className={styles.sub}>{settled}</Caption1>}
                  </div>
                </TableCell>
                <TableCell className={styles.downloadCell}>
                  <DownloadButton invoice={invoice} />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
