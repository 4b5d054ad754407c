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
import type { FirewallDirection } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import type { RuleRow } from './ruleForm';

const useStyles = makeStyles({
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '820px' },
  order: { width: '48px' },
  mono: { fontFamily: tokens.fontFamilyMonospace, overflowWrap: 'anywhere' },
  addresses: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXXS, justifyContent: 'flex-end' },
  actionsHeader: { width: '176px' },
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
  const icon = (label: string, icon: ReactElement, onClick: () => void, disabled = false) => (
    <Tooltip content={label} relationship="label" withArrow>
      <Button size="small" appearance="subtle" icon={icon} disabled={busy || disabled} onClick={onClick} />
    </Tooltip>
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
          {rules.map((rule, index) => {
            const position = index + 1;
            const anywhere =
              rule.addresses.length === ANYWHERE.length && ANYWHERE.every((a) => rule.addresses.includes(a));
            return (
              <TableRow key={rule.uid}>
                <TableCell>{position}</TableCell>
                <TableCell>
                  <Badge appearance="tint" color={rule.action === 'ACCEPT' ? 'success' : 'danger'}>
                    {t(`firewall.policy.${rule.action}`)}
                  </Badge>
                </TableCell>
                <TableCell>{t(`firewall.protocol.${rule.protocol}`)}</TableCell>
                <TableCell className={styles.mono}>
                  {rule.ports ??
                    (rule.protocol === 'TCP' || rule.protocol === 'UDP'
                      ? t('firewall.allPorts')
                      : t('firewall.noPorts'))}
                </TableCell>
                <TableCell>
                  {anywhere ? (
                    t('firewall.anywhere')
                  ) : (
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
                  )}
                </TableCell>
                <TableCell>{rule.description || <span className={styles.muted}>—</span>}</TableCell>
                <TableCell>
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
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </div>
  );
}
