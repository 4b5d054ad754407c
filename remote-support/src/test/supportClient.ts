import { createPortalClient } from '@portal/shared';
import type { SubscriptionForwarder } from '@urql/core';
import { vi } from 'vitest';

type Answer = (variables: Record<string, unknown>) => unknown;

/**
 * The real portal client with graphcache; the api is faked at its boundaries: HTTP answers per
 * operation name (JSON bodies; a multipart body is read from its `operations` part), and a websocket
 * whose events the test pushes.
 */
export function supportClient(answers: Record<string, Answer>) {
  const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
    const raw = init?.body instanceof FormData ? String(init.body.get('operations')) : String(init?.body);
    const body = JSON.parse(raw) as { operationName: string; variables: Record<string, unknown> };
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
  const subscribed = () => sinks.length > 0;
  /** a subscription event (its `data`, with `__typename`s) on the open subscriptions of that field */
  const push = (field: string, data: object) => {
    for (const sink of sinks)
      if (sink.query.includes(field))
        sink.next({ data: { __typename: 'Subscription', [field]: data } } as never);
  };
  /** the operations sent, by name */
  const sent = (name: string) =>
    fetch.mock.calls
      .map(([, init]) =>
        JSON.parse(init?.body instanceof FormData ? String(init.body.get('operations')) : String(init?.body)),
      )
      .filter((body: { operationName: string }) => body.operationName === name);
  return { client, fetch, subscribed, push, sent };
}
