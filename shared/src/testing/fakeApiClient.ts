import type { SubscriptionForwarder } from '@urql/core';
import { vi } from 'vitest';
import { createPortalClient } from '../graphql/createPortalClient';

type Answer = (variables: Record<string, unknown>) => unknown;

type Sent = { operationName: string; variables: Record<string, unknown> };

/** A request's operation: a JSON body, or the `operations` part of a multipart one (files). */
const operationOf = (init?: RequestInit): Sent =>
  JSON.parse(init?.body instanceof FormData ? String(init.body.get('operations')) : String(init?.body));

/**
 * The real portal client with graphcache (and the portal's cache updates); the api is faked at its
 * boundaries: HTTP answers per operation name, and a websocket whose events the test pushes.
 */
export function fakeApiClient(answers: Record<string, Answer>) {
  const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
    const body = operationOf(init);
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
  /** any subscription's event (its `data`, with `__typename`s) on the open subscriptions of that field */
  const push = (field: string, data: object) => {
    for (const sink of sinks)
      if (sink.query.includes(field))
        sink.next({ data: { __typename: 'Subscription', [field]: data } } as never);
  };
  const subscribed = () => sinks.length > 0;
  /** the operations sent over HTTP, by name, with their variables */
  const sent = () => fetch.mock.calls.map(([, init]) => operationOf(init));
  return { client, fetch, push, subscribed, sent };
}
