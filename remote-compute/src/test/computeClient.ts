import { createPortalClient } from '@portal/shared';
import type { SubscriptionForwarder } from '@urql/core';
import { vi } from 'vitest';
import type { InstanceFieldsFragment } from '../gql/graphql';

/** An instance as the api sends it: every object with its `__typename` (graphcache normalises by it). */
export function typedInstance(instance: InstanceFieldsFragment) {
  return {
    __typename: 'Instance',
    ...instance,
    image: { __typename: 'ComputeImage', ...instance.image },
    location: { __typename: 'ComputeLocation', ...instance.location },
    plan: { __typename: 'ComputePlan', ...instance.plan },
    resizingTo: instance.resizingTo ? { __typename: 'ComputePlan', ...instance.resizingTo } : null,
    // what the details query asks besides the fragment
    sshKeys: [],
  };
}

export function instance(name: string, fields: Partial<InstanceFieldsFragment> = {}): InstanceFieldsFragment {
  return {
    uid: `uid-${name}`,
    contractUid: 'C-1',
    name,
    system: 'Ubuntu 24.04 LTS',
    image: { uid: 'img-ubuntu', name: 'Ubuntu 24.04 LTS', system: 'Ubuntu 24.04 LTS', kind: 'OS' },
    location: { uid: 'loc-fra', city: 'Frankfurt', country: 'DE', region: 'eu' },
    plan: { uid: 'plan-s', name: 'S', vcpus: 1, memoryMb: 2048, diskGb: 40, transferTb: 1 },
    status: 'ACTIVE',
    pendingAction: null,
    lastError: null,
    allowedActions: ['STOP', 'RESTART', 'DELETE'],
    resizingTo: null,
    charges: '1.00',
    currency: 'EUR',
    ipv4: '192.0.2.10',
    ipv6: '2001:db8::10',
    createdAt: '2026-03-05T14:30:00.000Z',
    ...fields,
  };
}

type Answer = (variables: Record<string, unknown>) => unknown;

/**
 * The real portal client with graphcache (and the compute cache updates); the api is faked at its
 * boundaries: HTTP answers per operation name, and a websocket whose events the test pushes.
 */
export function computeClient(answers: Record<string, Answer>) {
  const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as {
      operationName: string;
      variables: Record<string, unknown>;
    };
    const answer = answers[body.operationName];
    if (!answer) throw new Error(`unexpected operation ${body.operationName}`);
    return Response.json(answer(body.variables));
  });
  const sinks: Array<{ query: string; next: (value: never) => void }> = [];
  const forwardSubscription: SubscriptionForwarder = (request) => ({
    subscribe(sink) {
      const entry = { query: request.query ?? '', next: (value: never) => sink.next(value) };
      sinks.push(entry);
      return { unsubscribe: () => sinks.splice(sinks.indexOf(entry), 1) };
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
  /** an `instanceChanged` event on every open subscription */
  const instanceChanged = (changed: InstanceFieldsFragment, deleted = false) => {
    for (const sink of sinks.filter((s) => s.query.includes('instanceChanged')))
      sink.next({
        data: {
          __typename: 'Subscription',
          instanceChanged: { __typename: 'InstanceChange', deleted, instance: typedInstance(changed) },
        },
      } as never);
  };
  const subscribed = () => sinks.length > 0;
  /** any subscription's event (its `data`, with `__typename`s) on the open subscriptions of that field */
  const push = (field: string, data: object) => {
    for (const sink of sinks)
      if (sink.query.includes(field))
        sink.next({ data: { __typename: 'Subscription', [field]: data } } as never);
  };
  /** a `networkChanged` event (networks as the api sends them, with their `__typename`s) */
  const networkChanged = (networks: unknown[]) => {
    for (const sink of sinks.filter((s) => s.query.includes('networkChanged')))
      sink.next({
        data: { __typename: 'Subscription', networkChanged: { __typename: 'NetworkChange', networks } },
      } as never);
  };
  return { client, fetch, instanceChanged, networkChanged, subscribed, push };
}

export const instancesAnswer = (list: InstanceFieldsFragment[]) => () => ({
  data: { __typename: 'Query', instances: list.map(typedInstance) },
});
