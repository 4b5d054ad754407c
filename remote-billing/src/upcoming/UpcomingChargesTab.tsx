import {
  Body1,
  Caption1,
  makeStyles,
  mergeClasses,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { CalendarRegular } from '@fluentui/react-icons';
import { EmptyState, formatMoney, localNumber } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useQuery } from 'urql';
import { LoadError } from '../common/LoadError';
import { useRefetchOnChange } from '../common/useBillingLive';
import { BillingBalanceDocument, UpcomingChargesDocument } from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '760px' },
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  moneyHead: { '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end' } },
  money: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', width: '160px' },
  total: { fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground3 },
});

/**
 * Upcoming charges: what the next invoice holds so far (the charges since the last invoice, per
 * service, largest first), their total before VAT and the day the next invoice is issued. Live:
 * compute's charges and an invoice run publish `workspaceChanged`.
 */
export function UpcomingChargesTab({ contractUid }: { contractUid: string }) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const { formatDate } = useDateFormat();
  const [{ data, error }, reexecute] = useQuery({
    query: UpcomingChargesDocument,
    variables: { contractUid },
    pause: !contractUid,
  });
  // the VAT rate of the header's balance (cached, no second request)
  const [balance] = useQuery({
    query: BillingBalanceDocument,
    variables: { contractUid },
    pause: !contractUid,
  });
  useRefetchOnChange(() => reexecute({ requestPolicy: 'network-only' }));
  const upcoming = data?.upcomingCharges;

  if (!upcoming) {
    if (error) return <LoadError error={error} retry={() => reexecute({ requestPolicy: 'network-only' })} />;
    return <Spinner label={t('common.loading')} />;
  }
  const date = formatDate(upcoming.nextInvoiceDate);
  if (upcoming.services.length === 0)
    return (
      <EmptyState
        media={<CalendarRegular />}
        title={t('upcoming.empty')}
        text={t('upcoming.emptyText', { date })}
      />
    );
  const vatRate = balance.data?.fundBalance?.vatRate;

  return (
    <section className={styles.root} aria-label={t('upcoming.title')}>
      <Body1>{t('upcoming.intro', { date })}</Body1>
      <div className={styles.scroller}>
        <Table aria-label={t('upcoming.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('upcoming.service')}</TableHeaderCell>
              <TableHeaderCell className={mergeClasses(styles.money, styles.moneyHead)}>
                {t('upcoming.amount')}
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {upcoming.services.map((service) => (
              <TableRow key={service.uid}>
                <TableCell>{service.title}</TableCell>
                <TableCell className={styles.money}>
                  {formatMoney(service.amount, upcoming.currency)}
                </TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell className={styles.total}>{t('upcoming.total')}</TableCell>
              <TableCell className={mergeClasses(styles.money, styles.total)}>
                {formatMoney(upcoming.total, upcoming.currency)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </div>
      {vatRate && (
        <Caption1 className={styles.note}>
          {t('upcoming.vatNote', { rate: localNumber(Number(vatRate)) })}
        </Caption1>
      )}
    </section>
  );
}
