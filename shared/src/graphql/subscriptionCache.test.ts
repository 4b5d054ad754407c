import { gql, type SubscriptionForwarder } from '@urql/core';
import { describe, expect, it, vi } from 'vitest';
import type { PortalWorkspaceFragment } from '../gql/graphql';
import { workspace } from '../workspace/testWorkspaces';
import { createWorkspaceStore } from '../workspace/workspaceStore';
import { createPortalClient } from './createPortalClient';

/** What the api sends: every object with its `__typename` (graphcache normalises by it). */
function typed(w: PortalWorkspaceFragment) {
  return {
    __typename: 'Workspace',
    ...w,
    balance: { __typename: 'FundBalance', ...w.balance, paymentMethods: [], pendingPayment: null },
    account: { __typename: 'Account', ...w.account },
    employee: w.employee.map((e) => ({ __typename: 'Employee', ...e })),
    services: w.services.map((s) => ({ __typename: 'Service', ...s })),
  };
}

const WORKSPACE_CHANGED = gql`
  subscription WorkspaceChanged($contractUid: String!) {
    workspaceChanged(contractUid: $contractUid) {
      contractUid
      unreadMessages
      balance {
        contractUid
        amount
        amountDue
        currency
      }
    }
  }
`;

/** The real client and graphcache; the api over HTTP and the websocket are faked at their boundary. */
function setup() {
  const list = [workspace('C-1', { employees: ['e1', 'e2'] }), workspace('C-2', { kind: 'CAB' })];
  const fetch = vi.fn(async () =>
    Response.json({ data: { __typename: 'Query', allWorkspaces: list.map(typed) } }),
  );
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
  const store = createWorkspaceStore({ client: () => client });
  const event = (contractUid: string, amount: string, unreadMessages: number) =>
    push({
      data: {
        __typename: 'Subscription',
        workspaceChanged: {
          __typename: 'Workspace',
          contractUid,
          unreadMessages,
          balance: { __typename: 'FundBalance', contractUid, amount, amountDue: '12.50', currency: 'EUR' },
        },
      },
    });
  return { client, store, fetch, event };
}

describe('graphcache and workspaceChanged', () => {
  it('an event updates the cached Workspace and its FundBalance, so the watched list re-emits', async () => {
    const { client, store, fetch, event } = setup();
    await store.load();
    store.setWorkspace('C-1');
    store.setActiveEmployee('e2');
    client.subscription(WORKSPACE_CHANGED, { contractUid: 'C-1' }).subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));

    event('C-1', '-12.50', 4);
    await vi.waitFor(() => expect(store.getState().current?.balance.amount).toBe('-12.50'));
    const current = store.getState().current!;
    expect(current.balance.amountDue).toBe('12.50');
    expect(current.unreadMessages).toBe(4);
    // the rest of the workspace stays as loaded, and so do the client's fields
    expect(current.workspaceName).toBe('Workspace C-1');
    expect(current.activeEmployeeUid).toBe('e2');
    expect(store.getState().workspaces.find((w) => w.contractUid === 'C-2')?.balance.amount).toBe('10.00');
    // from the cache: no request to the api
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('the FundBalance is one object per contract: a fundBalance(contractUid) query shows the event too', async () => {
    const { client, fetch, event } = setup();
    fetch.mockImplementationOnce(async () =>
      Response.json({
        data: {
          __typename: 'Query',
          fundBalance: { __typename: 'FundBalance', contractUid: 'C-2', amount: '10.00', currency: 'EUR' },
        },
      }),
    );
    const amounts: unknown[] = [];
    client
      .query(
        gql`
          query FundBalance($contractUid: String!) {
            fundBalance(contractUid: $contractUid) {
              contractUid
              amount
              currency
            }
          }
        `,
        { contractUid: 'C-2' },
      )
      .subscribe((r) => amounts.push(r.data?.fundBalance?.amount));
    await vi.waitFor(() => expect(amounts).toEqual(['10.00']));
    client.subscription(WORKSPACE_CHANGED, { contractUid: 'C-2' }).subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 0));
    event('C-2', '99.00', 0);
    await vi.waitFor(() => expect(amounts).toEqual(['10.00', '99.00']));
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
