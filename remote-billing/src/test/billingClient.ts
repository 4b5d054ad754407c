import { createPortalClient } from '@portal/shared/graphql';
import type { SubscriptionForwarder } from '@urql/core';
import { vi } from 'vitest';

type Answer = (variables: Record<string, unknown>) => unknown;

/**
 * The real portal client with graphcache (the portal's cache keys); the api is faked at its
 * boundaries: HTTP answers per operation name (`{data}` or `{errors}` as the api sends them, every
 * object with its `__typename`), and a websocket whose events the test pushes.
 */
export function billingClient(answers: Record<string, Answer>) {
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
  const notify = vi.fn();
  const client = createPortalClient({
    currentRouteRequiresAuth: () => true,
    saveBeforeExpiryPath: vi.fn(),
    checkSession: vi.fn(),
    notify,
    fetch: fetch as typeof globalThis.fetch,
    forwardSubscription,
  });
  const subscribed = (field: string) => sinks.some((s) => s.query.includes(field));
  /** an event (its `data`, with `__typename`s) on the open subscriptions of that field */
  const push = (field: string, data: object) => {
    for (const sink of [...sinks])
      if (sink.query.includes(field))
        sink.next({ data: { __typename: 'Subscription', [field]: data } } as never);
  };
  /** the operations sent over HTTP so far, by name */
  const calls = (operationName: string) =>
    fetch.mock.calls
      .map(([, init]) => JSON.parse(String(init?.body)) as { operationName: string; variables: object })
      .filter((body) => body.operationName === operationName)
      .map((body) => body.variables);
  return { client, fetch, notify, subscribed, push, calls };
}
