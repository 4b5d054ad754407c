import {
  Caption1,
  Card,
  CardHeader,
  makeStyles,
  mergeClasses,
  Spinner,
  Subtitle2,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DocumentBulletListRegular } from '@fluentui/react-icons';
import { EmptyState, formatMoney } from '@portal/shared';
import { useQuery } from 'urql';
import { LoadError } from '../common/LoadError';
import { useNarrow } from '../common/useNarrow';
import { LegacyContractDocument } from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';

const useStyles = makeStyles({
  card: { maxWidth: '960px' },
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  moneyHead: { '& .fui-TableHeaderCell__button': { justifyContent: 'flex-end' } },
  money: { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', width: '140px' },
  total: { fontWeight: tokens.fontWeightSemibold },
  description: { color: tokens.colorNeutralForeground2 },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, margin: 0, padding: 0 },
  item: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: tokens.spacingVerticalXXS,
    paddingBlockEnd: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  itemDescription: { gridColumn: '1 / -1', color: tokens.colorNeutralForeground3 },
  footer: { display: 'flex', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
});

/**
 * Legacy contracts: the legacy (STD) contract's number and a summary of its services, each with
 * title, description and monthly price, and the monthly total. A table, or a list on a phone.
 */
export function LegacyContractsTab({ contractUid }: { contractUid: string }) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const narrow = useNarrow();
  const [{ data, error }, reexecute] = useQuery({
    query: LegacyContractDocument,
    variables: { contractUid },
    pause: !contractUid,
  });

  if (!data) {
    if (error) return <LoadError error={error} retry={() => reexecute({ requestPolicy: 'network-only' })} />;
    return <Spinner label={t('common.loading')} />;
  }
  const contract = data.legacyContract;
  if (!contract) return <EmptyState media={<DocumentBulletListRegular />} title={t('legacy.notLegacy')} />;
  const title = t('legacy.contract', { number: contract.number });

  return (
    <Card className={styles.card} aria-label={title}>
      <CardHeader
        image={<DocumentBulletListRegular fontSize={24} />}
        header={<Subtitle2 as="h2">{title}</Subtitle2>}
      />
      {contract.services.length === 0 ? (
        <Text>{t('legacy.noServices')}</Text>
      ) : narrow ? (
        <ul className={styles.list} aria-label={t('legacy.service')}>
          {contract.services.map((service) => (
            <li key={service.uid} className={styles.item}>
              <Text weight="semibold">{service.title}</Text>
              <Text className={styles.money}>{formatMoney(service.monthly, service.monthlyCurrency)}</Text>
              <Caption1 className={styles.itemDescription}>{service.description}</Caption1>
            </li>
          ))}
        </ul>
      ) : (
        <div className={styles.scroller}>
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('legacy.service')}</TableHeaderCell>
                <TableHeaderCell>{t('legacy.description')}</TableHeaderCell>
                <TableHeaderCell className={mergeClasses(styles.money, styles.moneyHead)}>
                  {t('legacy.monthly')}
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {contract.services.map((service) => (
                <TableRow key={service.uid}>
                  <TableCell>{service.title}</TableCell>
                  <TableCell className={styles.description}>{service.description}</TableCell>
                  <TableCell className={styles.money}>
                    {formatMoney(service.monthly, service.monthlyCurrency)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <div className={styles.footer}>
        <Text className={styles.total}>{t('legacy.monthlyTotal')}</Text>
        <Text className={styles.total} data-testid="legacy-monthly-total">
          {formatMoney(contract.monthlyTotal, contract.currency)}
        </Text>
      </div>
    </Card>
  );
}
