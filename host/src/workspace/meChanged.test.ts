import { createMeStore, createPortalClient } from '@portal/shared/graphql';
import { describe, expect, it, vi } from 'vitest';
import { pipe, subscribe } from 'wonka';
import { MeChangedDocument } from '../gql/graphql';
import { meFixture } from '../test/fakeWorkspaceClient';

// The host's own `meChanged` subscription (the one the live updates hold) carries
// `env.unreadDirectMessages`: an answer from support arriving or being read in another tab moves the
// me store, and with it the Support button, without a refetch. Real client and cache, the api faked
// at fetch and at the subscription transport.
describe("the host's meChanged subscription", () => {
  it('writes the unread direct messages into the watched me', async () => {
    const loaded = meFixture({ user: { timezone: 'Europe/Berlin' } });
    const answer = {
      __typename: 'Query',
      me: {
        __typename: 'Me',
        ...loaded,
        user: { __typename: 'MeUser', ...loaded.user },
        env: { __typename: 'MeEnv', ...loaded.env },
      },
    };
    const fetch = vi.fn(async () => Response.json({ data: answer }));
    let push: ((value: unknown) => void) | undefined;
    const client = createPortalClient({
      currentRouteRequiresAuth: () => true,
      saveBeforeExpiryPath: vi.fn(),
      checkSession: vi.fn(),
      notify: vi.fn(),
      fetch: fetch as typeof globalThis.fetch,
      forwardSubscription: () => ({
        subscribe(sink) {
          push = (value) => sink.next(value as never);
          return { unsubscribe: () => {} };
        },
      }),
    });
    const store = createMeStore({ client: () => client });
    await store.load();
    expect(store.getState().me?.env.unreadDirectMessages).toBe(0);
    const { unsubscribe } = pipe(
      client.subscription(MeChangedDocument, {}),
      subscribe(() => {}),
    );
    await vi.waitFor(() => expect(push).toBeDefined());
    const event = (unreadDirectMessages: number) => ({
      data: {
        __typename: 'Subscription',
        meChanged: {
          __typename: 'Me',
          user: { __typename: 'MeUser', ...loaded.user },
          env: { __typename: 'MeEnv', unreadDirectMessages },
        },
      },
    });
    push!(event(1));
    await vi.waitFor(() => expect(store.getState().me?.env.unreadDirectMessages).toBe(1));
    push!(event(0));
    await vi.waitFor(() => expect(store.getState().me?.env.unreadDirectMessages).toBe(0));
    expect(store.getState().me?.user.timezone).toBe('Europe/Berlin');
    expect(fetch).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
