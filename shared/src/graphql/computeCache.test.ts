import { gql, type SubscriptionForwarder } from '@urql/core';
import { describe, expect, it, vi } from 'vitest';
import { createPortalClient } from './createPortalClient';

const vm = (uid: string, status = 'ACTIVE') => ({
  __typename: 'Instance',
  uid,
  contractUid: 'C-1',
  name: uid,
  status,
});
const LIST = gql`
  query Instances($contractUid: String!) {
    instances(contractUid: $contractUid) { uid contractUid name status }
  }
`;
const ONE = gql`
  query Instance($contractUid: String!, $uid: String!) {
    instance(contractUid: $contractUid, uid: $uid) { uid contractUid name status }
  }
`;
const CHANGED = gql`
  subscription InstanceChanged($contractUid: String!) {
    instanceChanged(contractUid: $contractUid) { deleted instance { uid contractUid name status } }
  }
`;

/** The real client and graphcache; the api over HTTP and the websocket are faked at their boundary. */
function setup() {
  const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
    const { operationName } = JSON.parse(String(init?.body));
    if (operationName === 'Instance')
      return Response.json({ data: { __typename: 'Query', instance: vm('b') } });
    if (operationName === 'CreateInstance')
      return Response.json({ data: { __typename: 'Mutation', createInstance: vm('n', 'INSTALLING') } });
    return Response.json({ data: { __typename: 'Query', instances: [vm('a'), vm('b')] } });
  });
  let push: (value: unknown) => void = () => {};
  const forwardSubscription: SubscriptionForwarder = () => ({
    subscribe(sink) {
      push = (value) => sink.next(value as never);
      return { unsubscribe: () => {} };
    },
  });
  const client = createPortalClient({
    currentRouteRequiresAuth: () => true,
    saveBeforeExpiryPath: vi.fn(),
    checkSession: vi.fn(),
    notify: vi.fn(),
    fetch: fetch as typeof globalThis.fetch,
    forwardSubscription,
  });
  const event = (instance: object, deleted = false) =>
    push({
      data: {
        __typename: 'Subscription',
        instanceChanged: { __typename: 'InstanceChange', deleted, instance },
      },
    });
  return { client, fetch, event };
}

const names = (data: unknown) =>
  (data as { instances?: { uid: string; status: string }[] } | undefined)?.instances?.map(
    (i) => `${i.uid}:${i.status}`,
  );

describe('graphcache and instanceChanged', () => {
  it('a change updates the instance, a new one joins the list, a deleted one leaves it; no refetch', async () => {
    const { client, fetch, event } = setup();
    const seen: unknown[] = [];
    client.query(LIST, { contractUid: 'C-1' }).subscribe((r) => seen.push(names(r.data)));
    const one: unknown[] = [];
    client
      .query(ONE, { contractUid: 'C-1', uid: 'b' })
      .subscribe((r) => one.push(r.data?.instance?.uid ?? null));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['a:ACTIVE', 'b:ACTIVE']));
    await vi.waitFor(() => expect(one.at(-1)).toBe('b'));
    client.subscription(CHANGED, { contractUid: 'C-1' }).subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));

    event(vm('a', 'INACTIVE'));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['a:INACTIVE', 'b:ACTIVE']));
    event(vm('c', 'INSTALLING'));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['a:INACTIVE', 'b:ACTIVE', 'c:INSTALLING']));
    event(vm('b'), true);
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['a:INACTIVE', 'c:INSTALLING']));
    await vi.waitFor(() => expect(one.at(-1)).toBe(null));
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('createInstance adds its answer to the cached list', async () => {
    const { client } = setup();
    const seen: unknown[] = [];
    client.query(LIST, { contractUid: 'C-1' }).subscribe((r) => seen.push(names(r.data)));
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['a:ACTIVE', 'b:ACTIVE']));
    await client
      .mutation(
        gql`
          mutation CreateInstance($input: CreateInstanceInput!) {
            createInstance(input: $input) { uid contractUid name status }
          }
        `,
        { input: { contractUid: 'C-1' } },
      )
      .toPromise();
    await vi.waitFor(() => expect(seen.at(-1)).toEqual(['a:ACTIVE', 'b:ACTIVE', 'n:INSTALLING']));
  });
});
