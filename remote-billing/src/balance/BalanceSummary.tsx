import {
  Caption1,
  Card,
  makeStyles,
  mergeClasses,
  Skeleton,
  SkeletonItem,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { displayedBalance, formatMoney, localNumber } from '@portal/shared';
import { InfoTooltip } from '@portal/shared/ui';
import { useQuery } from 'urql';
import { LoadError } from '../common/LoadError';
import { BillingBalanceDocument } from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  card: {
    display: 'grid',
    gridTemplateColumns: 'minmax(200px, 1fr) minmax(0, 2.4fr)',
    gap: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
    padding: tokens.spacingHorizontalL,
    '@media (max-width: 767px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  main: {
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXS,
    paddingInlineEnd: tokens.spacingHorizontalXL,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    '@media (max-width: 767px)': {
      paddingInlineEnd: 0,
      borderRight: 'none',
      paddingBlockEnd: tokens.spacingVerticalM,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
  },
  figures: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXL}`,
    alignContent: 'center',
    '@media (max-width: 479px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  figure: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  label: {
    color: tokens.colorNeutralForeground3,
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '24px',
  },
  balance: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
  negative: { color: tokens.colorPaletteRedForeground1 },
  positive: { color: tokens.colorPaletteGreenForeground1 },
});

/**
 * The fund balance on top of Billing (spec sections 3, 4 and 9): the displayed balance (minus the
 * amount due when negative), amount due, bonus and debit balance, credit limit, VAT rate and the
 * charges since the last invoice, in the workspace's currency. The cached FundBalance is the one
 * the drawer reads; the page's `workspaceChanged` subscription keeps it current.
 */
export function BalanceSummary({ contractUid }: { contractUid: string }) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const [{ data, error }, reexecute] = useQuery({
    query: BillingBalanceDocument,
    variables: { contractUid },
    pause: !contractUid,
  });
  const balance = data?.fundBalance;

  if (!balance) {
    if (error) return <LoadError error={error} retry={() => reexecute({ requestPolicy: 'network-only' })} />;
    return (
      <Card className={styles.card} aria-busy="true" aria-label={t('balance.label')}>
        <Skeleton aria-label={t('common.loading')}>
          <SkeletonItem size={48} />
        </Skeleton>
      </Card>
    );
  }

  const { currency } = balance;
  const shown = displayedBalance(balance);
  const money = (value: string) => formatMoney(value, currency);
  const figures: Array<{ key: string; label: string; value: string; hint?: string; negative?: boolean }> = [
    {
      key: 'amountDue',
      label: t('balance.amountDue'),
      value: money(balance.amountDue),
      negative: Number(balance.amountDue) > 0,
    },
    { key: 'sinceLastInvoice', label: t('balance.sinceLastInvoice'), value: money(balance.sinceLastInvoice) },
    { key: 'bonusBalance', label: t('balance.bonusBalance'), value: money(balance.bonusBalance) },
    {
      key: 'debitBalance',
      label: t('balance.debitBalance'),
      value: money(balance.debitBalance),
      hint: t('balance.debitHint'),
      negative: Number(balance.debitBalance) > 0,
    },
    { key: 'limit', label: t('balance.limit'), value: money(balance.limit) },
    { key: 'vatRate', label: t('balance.vatRate'), value: `${localNumber(Number(balance.vatRate))} %` },
  ];

  return (
    <section className={styles.root} aria-label={t('balance.label')}>
      <Card className={styles.card}>
        <div className={styles.main}>
          <Caption1 className={styles.label}>{t('balance.balance')}</Caption1>
          <Text
            className={mergeClasses(styles.balance, shown < 0 && styles.negative)}
            data-testid="billing-balance"
          >
            {formatMoney(shown, currency)}
          </Text>
          <Caption1>{shown < 0 ? t('balance.owed') : t('balance.credit')}</Caption1>
        </div>
        <div className={styles.figures}>
          {figures.map((figure) => (
            <div key={figure.key} className={styles.figure} data-testid={`billing-${figure.key}`}>
              <Caption1 className={styles.label}>
                {figure.label}
                {figure.hint && <InfoTooltip content={figure.hint} />}
              </Caption1>
              <Subtitle2 className={mergeClasses(figure.negative && styles.negative)}>
                {figure.value}
              </Subtitle2>
            </div>
          ))}
        </div>
      </Card>
      {/* a pending payment is announced below, with Resume and Cancel (payments/PendingPaymentNotice) */}
    </section>
  );
}
