import {
  Button,
  Caption1,
  Input,
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
import { AddRegular, SearchRegular, ServerRegular } from '@fluentui/react-icons';
import { EmptyState, formatMoney, locationToRegion, usePortal } from '@portal/shared';
import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { RouterLink } from '../common/RouterLink';
import { InstancesDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { InstanceActionsMenu } from './InstanceActionsMenu';
import { InstanceStatus } from './InstanceStatus';
import { PAGE_SIZE, pageOf, type Sort, type SortColumn, visibleInstances } from './instanceList';
import { OsIconView } from './OsIconView';
import { useInstanceLiveUpdates } from './useInstanceLiveUpdates';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  filter: { flexGrow: 1, maxWidth: '320px', minWidth: '160px' },
  // the table scrolls inside its own box; the page never scrolls sideways (360 px phones)
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '720px' },
  nameCell: { fontWeight: tokens.fontWeightSemibold },
  withIcon: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  sub: { display: 'block', color: tokens.colorNeutralForeground3 },
  actionsCell: { width: '56px' },
  hidden: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalS,
  },
});

const COLUMNS: readonly SortColumn[] = ['name', 'system', 'location', 'charges', 'status'];

/** The Instances tab: the workspace's instances, live, sortable, filtered by name, 50 a page. */
export function InstancesTable({ contractUid }: { contractUid: string }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { navigate } = usePortal();
  const [{ data, fetching, error }, reexecute] = useQuery({
    query: InstancesDocument,
    variables: { contractUid },
  });
  useInstanceLiveUpdates(contractUid);
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<Sort>({ column: 'name', direction: 'ascending' });
  const [page, setPage] = useState(0);

  const instances = data?.instances;
  const rows = useMemo(() => visibleInstances(instances ?? [], filter, sort), [instances, filter, sort]);
  const shown = pageOf(rows, page);

  if (!instances) {
    if (error)
      return (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('common.loadFailed', { detail: error.graphQLErrors[0]?.message ?? error.message })}{' '}
            <Button size="small" onClick={() => reexecute({ requestPolicy: 'network-only' })}>
              {t('common.retry')}
            </Button>
          </MessageBarBody>
        </MessageBar>
      );
    return fetching ? <Spinner label={t('common.loading')} /> : null;
  }

  const create = (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => navigate('/new-instance')}>
      {t('instances.create')}
    </Button>
  );
  if (instances.length === 0)
    return (
      <EmptyState
        media={<ServerRegular />}
        title={t('instances.empty')}
        text={t('instances.emptyText')}
        action={create}
      />
    );

  const sortBy = (column: SortColumn) => {
    setSort((current) => ({
      column,
      direction: current.column === column && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));
    setPage(0);
  };
  const first = shown.page * PAGE_SIZE;

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        <Input
          className={styles.filter}
          type="search"
          contentBefore={<SearchRegular />}
          placeholder={t('instances.filter')}
          aria-label={t('instances.filter')}
          value={filter}
          onChange={(_event, { value }) => {
            setFilter(value);
            setPage(0);
          }}
        />
        {create}
      </div>
      <div className={styles.scroller}>
        <Table sortable className={styles.table} aria-label={t('instances.title')}>
          <TableHeader>
            <TableRow>
              {COLUMNS.map((column) => (
                <TableHeaderCell
                  key={column}
                  sortDirection={sort.column === column ? sort.direction : undefined}
                  onClick={() => sortBy(column)}
                >
                  {t(`instances.columns.${column}`)}
                </TableHeaderCell>
              ))}
              <TableHeaderCell className={styles.actionsCell}>
                <span className={styles.hidden}>{t('instances.columns.actions')}</span>
              </TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.rows.map((instance) => (
              <TableRow key={instance.uid}>
                <TableCell className={styles.nameCell}>
                  <RouterLink to={`/workspace/${contractUid}/instance/vm/${instance.uid}`}>
                    {instance.name}
                  </RouterLink>
                </TableCell>
                <TableCell>
                  <span className={styles.withIcon}>
                    <OsIconView system={instance.system} />
                    {instance.system}
                  </span>
                </TableCell>
                <TableCell>
                  {instance.location.city}
                  <Caption1 className={styles.sub}>
                    {t('instances.region', {
                      region: (
                        instance.location.region || locationToRegion(instance.location.city)
                      ).toUpperCase(),
                    })}
                  </Caption1>
                </TableCell>
                <TableCell>{formatMoney(instance.charges, instance.currency)}</TableCell>
                <TableCell>
                  <InstanceStatus instance={instance} />
                </TableCell>
                <TableCell className={styles.actionsCell}>
                  <InstanceActionsMenu instance={instance} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      {rows.length === 0 ? (
        <Caption1 role="status">{t('instances.noMatch', { filter })}</Caption1>
      ) : (
        shown.pages > 1 && (
          <nav className={styles.pager} aria-label={t('instances.title')}>
            <Caption1 role="status">
              {t('instances.page', { from: first + 1, to: first + shown.rows.length, total: rows.length })}
            </Caption1>
            <Button size="small" disabled={shown.page === 0} onClick={() => setPage(shown.page - 1)}>
              {t('instances.previous')}
            </Button>
            <Button
              size="small"
              disabled={shown.page >= shown.pages - 1}
              onClick={() => setPage(shown.page + 1)}
            >
              {t('instances.next')}
            </Button>
          </nav>
        )
      )}
    </div>
  );
}
