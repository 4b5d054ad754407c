import {
  Badge,
  Button,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, ShieldRegular } from '@fluentui/react-icons';
import { EmptyState, usePortal } from '@portal/shared';
import { RouterLink } from '../common/RouterLink';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { ListFilter, ListFooter } from '../network/ListToolbar';
import { networkPath } from '../network/NetworkOverview';
import { useWorkspaceNetworks } from '../network/useWorkspaceNetworks';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '900px', tableLayout: 'auto' },
  services: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  number: { fontVariantNumeric: 'tabular-nums' },
});

const REACH_COLOR = { OPEN: 'success', RESTRICTED: 'warning', FILTERED: 'danger' } as const;

/**
 * Dashboard › Firewall: every instance's default policies, rule counts, what its services meet from
 * the internet and the packets dropped this month; an instance's name leads to its rules.
 */
export function FirewallOverview({ contractUid }: { contractUid: string }) {
  const styles = useStyles();
  const { t, i18n } = useComputeTranslation();
  const { navigate } = usePortal();
  const list = useWorkspaceNetworks(contractUid);
  if (!list.instances) {
    if (list.error)
      return (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('common.loadFailed', { detail: list.error.graphQLErrors[0]?.message ?? list.error.message })}
          </MessageBarBody>
        </MessageBar>
      );
    return list.fetching ? <Spinner label={t('network.loading')} /> : null;
  }
  if (list.instances.length === 0)
    return (
      <EmptyState
        media={<ShieldRegular />}
        title={t('network.empty')}
        text={t('network.emptyText')}
        action={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/new-instance')}>
            {t('instances.create')}
          </Button>
        }
      />
    );
  const number = new Intl.NumberFormat(i18n.language?.startsWith('de') ? 'de-DE' : 'en-US');
  const policy = (value: 'ACCEPT' | 'DROP') => (
    <Badge appearance="tint" color={value === 'ACCEPT' ? 'success' : 'danger'}>
      {t(`firewall.policy.${value}`)}
    </Badge>
  );
  return (
    <div className={styles.root}>
      <ListFilter list={list} />
      <div className={styles.scroller}>
        <Table className={styles.table} aria-label={t('dashboard.tab.firewall')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('firewall.overview.instance')}</TableHeaderCell>
              <TableHeaderCell>{t('firewall.overview.inbound')}</TableHeaderCell>
              <TableHeaderCell>{t('firewall.overview.outbound')}</TableHeaderCell>
              <TableHeaderCell>{t('firewall.overview.rules')}</TableHeaderCell>
              <TableHeaderCell>{t('firewall.overview.services')}</TableHeaderCell>
              <TableHeaderCell>{t('firewall.overview.dropped')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.shown.rows.map((row) => {
              const { firewall } = row.network;
              const inbound = firewall.rules.filter((r) => r.direction === 'INBOUND').length;
              return (
                <TableRow key={row.uid}>
                  <TableCell>
                    <RouterLink to={networkPath(contractUid, row.uid, 'firewall')}>{row.name}</RouterLink>
                  </TableCell>
                  <TableCell>{policy(firewall.inboundPolicy)}</TableCell>
                  <TableCell>{policy(firewall.outboundPolicy)}</TableCell>
                  <TableCell>
                    {t('firewall.overview.rulesValue', {
                      inbound,
                      outbound: firewall.rules.length - inbound,
                    })}
                  </TableCell>
                  <TableCell>
                    <span className={styles.services}>
                      {firewall.services.map((s) => (
                        <Badge
                          key={`${s.protocol}/${s.port}`}
                          appearance="outline"
                          color={REACH_COLOR[s.reachability]}
                          title={t(`firewall.reachability.${s.reachability}`)}
                        >
                          {s.name} · {t(`firewall.reachability.${s.reachability}`)}
                        </Badge>
                      ))}
                    </span>
                  </TableCell>
                  <TableCell className={styles.number}>
                    {number.format(firewall.droppedInboundPackets)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <ListFooter list={list} label={t('dashboard.tab.firewall')} />
    </div>
  );
}
