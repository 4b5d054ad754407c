import { gql } from '@urql/core';
import { describe, expect, it, vi } from 'vitest';
import { pipe, subscribe } from 'wonka';
import { createPortalClient } from './createPortalClient';

const rule = (uid: string, instanceUid: string) => ({
  __typename: 'AlertRule',
  uid,
  contractUid: 'C-1',
  metric: 'CPU',
  instance: { __typename: 'Instance', uid: instanceUid },
});
const RULES = gql`
  query AlertRules($contractUid: String!, $instanceUid: String) {
    alertRules(contractUid: $contractUid, instanceUid: $instanceUid) { uid contractUid metric instance { uid } }
  }
`;
const UPDATE = gql`
  mutation UpdateAlertRule($uid: String!) {
    updateAlertRule(uid: $uid) { uid contractUid metric instance { uid } }
  }
`;
const DELETE = gql`
  mutation DeleteAlertRule($uid: String!) {
    deleteAlertRule(uid: $uid) { uid contractUid metric instance { uid } }
  }
`;

// The real client and graphcache, the api faked at its boundary: rules join and leave the cached
// lists of the workspace and of each instance as mutations answer.
describe('MONITORING_CACHE_UPDATES', () => {
  it('a rule moved to another instance leaves that list and joins the other; a deleted one leaves all', async () => {
    const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
      const { operationName, variables } = JSON.parse(String(init?.body));
      if (operationName === 'UpdateAlertRule')
        return Response.json({ data: { __typename: 'Mutation', updateAlertRule: rule('r1', 'vm-b') } });
      if (operationName === 'DeleteAlertRule')
        return Response.json({ data: { __typename: 'Mutation', deleteAlertRule: rule('r1', 'vm-b') } });
      const all = [rule('r1', 'vm-a'), rule('r2', 'vm-b')];
      const list = variables.instanceUid ? all.filter((r) => r.instance.uid === variables.instanceUid) : all;
      return Response.json({ data: { __typename: 'Query', alertRules: list } });
    });
    const client = createPortalClient({
      currentRouteRequiresAuth: () => true,
      saveBeforeExpiryPath: vi.fn(),
      checkSession: vi.fn(),
      notify: vi.fn(),
      fetch: fetch as typeof globalThis.fetch,
    });
    const latest: Record<string, string[]> = {};
    for (const instanceUid of [null, 'vm-a', 'vm-b'])
      pipe(
        client.query(RULES, { contractUid: 'C-1', instanceUid }),
        subscribe((result) => {
          latest[instanceUid ?? 'all'] = (result.data?.alertRules ?? []).map((r: { uid: string }) => r.uid);
        }),
      );
    await vi.waitFor(() => expect(latest).toEqual({ all: ['r1', 'r2'], 'vm-a': ['r1'], 'vm-b': ['r2'] }));

    await client.mutation(UPDATE, { uid: 'r1' }).toPromise();
    await vi.waitFor(() => expect(latest).toEqual({ all: ['r1', 'r2'], 'vm-a': [], 'vm-b': ['r1', 'r2'] }));

    await client.mutation(DELETE, { uid: 'r1' }).toPromise();
    await vi.waitFor(() => expect(latest).toEqual({ all: ['r2'], 'vm-a': [], 'vm-b': ['r2'] }));
    expect(fetch.mock.calls.filter(([, init]) => String(init?.body).includes('"AlertRules"'))).toHaveLength(
      3,
    );
  });
});
