import { useMemo, useState } from 'react';
import { useQuery } from 'urql';
import { WorkspaceNetworksDocument, type WorkspaceNetworksQuery } from '../gql/graphql';
import { PAGE_SIZE, pageOf, visibleInstances } from '../instances/instanceList';
import { useInstanceLiveUpdates } from '../instances/useInstanceLiveUpdates';
import { useNetworkLiveUpdates } from './useNetworkLiveUpdates';

export type NetworkRow = WorkspaceNetworksQuery['instances'][number];

const normalise = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Rows whose name or one of whose addresses contains the filter, by name (numbers in order). Pure. */
export function filterNetworks(rows: readonly NetworkRow[], filter: string): NetworkRow[] {
  const sorted = visibleInstances(rows, '', { column: 'name', direction: 'ascending' }) as NetworkRow[];
  const needle = normalise(filter.trim());
  if (!needle) return sorted;
  return sorted.filter(
    (row) =>
      normalise(row.name).includes(needle) ||
      row.network.addresses.some((a) => a.address.includes(needle) || (a.rdns ?? '').includes(needle)),
  );
}

/**
 * The workspace's instances with their networks, for the Dashboard's Network and Firewall tabs:
 * live (instances come and go by `instanceChanged`, traffic and firewalls change by `networkChanged`),
 * filtered and paged like the Instances tab.
 */
export function useWorkspaceNetworks(contractUid: string) {
  const [{ data, error, fetching }] = useQuery({
    query: WorkspaceNetworksDocument,
    variables: { contractUid },
  });
  useInstanceLiveUpdates(contractUid);
  useNetworkLiveUpdates(contractUid);
  const [filter, setFilterState] = useState('');
  const [page, setPage] = useState(0);
  const instances = data?.instances;
  const rows = useMemo(() => filterNetworks(instances ?? [], filter), [instances, filter]);
  const shown = pageOf(rows, page);
  return {
    instances,
    error,
    fetching,
    filter,
    setFilter: (value: string) => {
      setFilterState(value);
      setPage(0);
    },
    rows,
    shown,
    first: shown.page * PAGE_SIZE,
    setPage,
  };
}
