import {
  Badge,
  Button,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { useNarrow } from '../common/useNarrow';
import type { FirewallDirection } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import type { RuleRow } from './ruleForm';

const useStyles = makeStyles({
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '820px', tableLayout: 'auto' },
  order: { width: '48px' },
  mono: { fontFamily: tokens.fontFamilyMonospace, whiteSpace: 'nowrap' },
  addresses: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS, justifyContent: 'flex-end' },
  actionsHeader: { width: '176px' },
  cards: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  cardHead: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const ANYWHERE = ['0.0.0.0/0', '::/0'];
const SHOWN = 3;

/** The rules of one direction, in order, with move, edit and delete. */
export function RulesTable({
  direction,
  rules,
  busy,
  onMove,
  onEdit,
  onDelete,
}: {
  direction: FirewallDirection;
  rules: RuleRow[];
  busy: boolean;
  onMove: (rule: RuleRow, position: number) => void;
  onEdit: (rule: RuleRow) => void;
  onDelete: (rule: RuleRow) => void;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const narrow = useNarrow();
  const icon = (label: string, icon: ReactElement, onClick: () => void, disabled = false) => (
    <Tooltip content={label} relationship="label" withArrow>
      <Button size="small" appearance="subtle" icon={icon} disabled={busy || disabled} onClick={onClick} />
    </Tooltip>
  );
  const addressesOf = (rule: RuleRow) => {
    const anywhere =
      rule.addresses.length === ANYWHERE.length && ANYWHERE.every((a) => rule.addresses.includes(a));
    if (anywhere) return t('firewall.anywhere');
    return (
      <span className={styles.addresses}>
        {rule.addresses.slice(0, SHOWN).map((a) => (
          <span key={a} className={styles.mono}>
            {a}
          </span>
        ))}
        {rule.addresses.length > SHOWN ? (
          <Tooltip content={rule.addresses.slice(SHOWN).join(', ')} relationship="description">
            <span className={styles.muted}>
              {t('firewall.more', { count: rule.addresses.length - SHOWN })}
            </span>
          </Tooltip>
        ) : null}
      </span>
    );
  };
  const portsOf = (rule: RuleRow) =>
    rule.ports ??
    (rule.protocol === 'TCP' || rule.protocol === 'UDP' ? t('firewall.allPorts') : t('firewall.noPorts'));
  const buttons = (rule: RuleRow, index: number) => {
    const position = index + 1;
    return (
      <span className={styles.actions}>
        {icon(
          t('firewall.moveUp', { position }),
          <ArrowUpRegular />,
          () => onMove(rule, index - 1),
          index === 0,
        )}
        {icon(
          t('firewall.moveDown', { position }),
          <ArrowDownRegular />,
          () => onMove(rule, index + 1),
          index === rules.length - 1,
        )}
        {icon(t('firewall.edit', { position }), <EditRegular />, () => onEdit(rule))}
        {icon(t('firewall.delete', { position }), <DeleteRegular />, () => onDelete(rule))}
      </span>
    );
  };
  if (narrow)
    return (
      <ol className={styles.cards} aria-label={t(`firewall.rules.${direction}`)}>
        {rules.map((rule, index) => (
          <li key={rule.uid} className={styles.card}>
            <span className={styles.cardHead}>
              <strong>{index + 1}</strong>
              <Badge appearance="tint" color={rule.action === 'ACCEPT' ? 'success' : 'danger'}>
                {t(`firewall.policy.${rule.action}`)}
              </Badge>
              <span>
                {t(`firewall.protocol.${rule.protocol}`)} <span className={styles.mono}>{portsOf(rule)}</span>
              </span>
            </span>
            <span>
              <span className={styles.muted}>
                {t(direction === 'INBOUND' ? 'firewall.column.sources' : 'firewall.column.destinations')}:{' '}
              </span>
              {addressesOf(rule)}
            </span>
            {rule.description ? <span>{rule.description}</span> : null}
            {buttons(rule, index)}
          </li>
        ))}
      </ol>
    );
  return (
    <div className={styles.scroller}>
      <Table className={styles.table} aria-label={t(`firewall.rules.${direction}`)} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.order}>{t('firewall.column.order')}</TableHeaderCell>
            <TableHeaderCell>{t('firewall.column.action')}</TableHeaderCell>
            <TableHeaderCell>{t('firewall.column.protocol')}</TableHeaderCell>
            <TableHeaderCell>{t('firewall.column.ports')}</TableHeaderCell>
            <TableHeaderCell>
              {t(direction === 'INBOUND' ? 'firewall.column.sources' : 'firewall.column.destinations')}
            </TableHeaderCell>
            <TableHeaderCell>{t('firewall.column.description')}</TableHeaderCell>
            <TableHeaderCell className={styles.actionsHeader}>
              <span className={styles.muted}>{t('firewall.column.actions')}</span>
            </TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rules.map((rule, index) => (
            <TableRow key={rule.uid}>
              <TableCell>{index + 1}</TableCell>
              <TableCell>
                <Badge appearance="tint" color={rule.action === 'ACCEPT' ? 'success' : 'danger'}>
                  {t(`firewall.policy.${rule.action}`)}
                </Badge>
              </TableCell>
              <TableCell>{t(`firewall.protocol.${rule.protocol}`)}</TableCell>
              <TableCell className={styles.mono}>{portsOf(rule)}</TableCell>
              <TableCell>{addressesOf(rule)}</TableCell>
              <TableCell>{rule.description || <span className={styles.muted}>—</span>}</TableCell>
              <TableCell>{buttons(rule, index)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
