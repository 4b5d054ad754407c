import {
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
import { AddRegular, GlobeRegular } from '@fluentui/react-icons';
import { EmptyState, usePortal } from '@portal/shared';
import { RouterLink } from '../common/RouterLink';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { InstanceStatus } from '../instances/InstanceStatus';
import { CopyButton } from './CopyButton';
import { ListFilter, ListFooter } from './ListToolbar';
import { TrafficBar } from './TrafficBar';
import { type NetworkRow, useWorkspaceNetworks } from './useWorkspaceNetworks';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '1000px', tableLayout: 'auto' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, whiteSpace: 'nowrap' },
  rdns: { whiteSpace: 'nowrap' },
  cell: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  name: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    alignItems: 'flex-start',
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export const networkPath = (contractUid: string, uid: string, tab: 'network' | 'firewall') =>
  `/workspace/${encodeURIComponent(contractUid)}/instance/vm/${encodeURIComponent(uid)}/${tab}`;

/** Dashboard › Network: every instance's addresses, reverse DNS and traffic of the month; live. */
export function NetworkOverview({ contractUid }: { contractUid: string }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
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
        media={<GlobeRegular />}
        title={t('network.empty')}
        text={t('network.emptyText')}
        action={
          <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/new-instance')}>
            {t('instances.create')}
          </Button>
        }
      />
    );
  const address = (row: NetworkRow, family: 'IPV4' | 'IPV6', kind: 'PUBLIC' | 'PRIVATE', what: string) => {
    const a = row.network.addresses.find((x) => x.family === family && x.kindName === kind);
    if (!a) return <span className={styles.muted}>—</span>;
    return (
      <span className={styles.cell}>
        <span className={styles.mono}>{a.address}</span>
        <CopyButton value={a.address} what={`${what} ${row.name}`} />
      </span>
    );
  };
  return (
    <div className={styles.root}>
      <ListFilter list={list} />
      <div className={styles.scroller}>
        <Table className={styles.table} aria-label={t('dashboard.tab.network')} size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('network.instance')}</TableHeaderCell>
              <TableHeaderCell>{t('network.publicIpv4')}</TableHeaderCell>
              <TableHeaderCell>{t('network.publicIpv6')}</TableHeaderCell>
              <TableHeaderCell>{t('network.privateIpv4')}</TableHeaderCell>
              <TableHeaderCell>{t('network.rdns')}</TableHeaderCell>
              <TableHeaderCell>{t('network.traffic')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.shown.rows.map((row) => {
              const v4 = row.network.addresses.find((x) => x.family === 'IPV4' && x.kindName === 'PUBLIC');
              return (
                <TableRow key={row.uid}>
                  <TableCell>
                    <span className={styles.name}>
                      <RouterLink to={networkPath(contractUid, row.uid, 'network')}>{row.name}</RouterLink>
                      <InstanceStatus instance={{ ...row, lastError: null }} />
                    </span>
                  </TableCell>
                  <TableCell>{address(row, 'IPV4', 'PUBLIC', t('network.publicIpv4'))}</TableCell>
                  <TableCell>{address(row, 'IPV6', 'PUBLIC', t('network.publicIpv6'))}</TableCell>
                  <TableCell>{address(row, 'IPV4', 'PRIVATE', t('network.privateIpv4'))}</TableCell>
                  <TableCell>
                    <span className={v4?.rdnsIsDefault ? `${styles.rdns} ${styles.muted}` : styles.rdns}>
                      {v4?.rdns ?? '—'}
                    </span>
                  </TableCell>
                  <TableCell>
                    <TrafficBar
                      traffic={row.network.traffic}
                      label={t('network.trafficLabel', { name: row.name })}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      <ListFooter list={list} label={t('dashboard.tab.network')} />
    </div>
  );
}
