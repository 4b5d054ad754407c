import { fakeApiClient } from '@portal/shared/testing/react';
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
 * boundaries (`fakeApiClient`), with the compute events a test pushes.
 */
export function computeClient(answers: Record<string, Answer>) {
  const api = fakeApiClient(answers);
  const { push } = api;
  /** an `instanceChanged` event on every open subscription */
  const instanceChanged = (changed: InstanceFieldsFragment, deleted = false) =>
    push('instanceChanged', { __typename: 'InstanceChange', deleted, instance: typedInstance(changed) });
  /** a `networkChanged` event (networks as the api sends them, with their `__typename`s) */
  const networkChanged = (networks: unknown[]) =>
    push('networkChanged', { __typename: 'NetworkChange', networks });
  return { ...api, instanceChanged, networkChanged };
}

export const instancesAnswer = (list: InstanceFieldsFragment[]) => () => ({
  data: { __typename: 'Query', instances: list.map(typedInstance) },
});
