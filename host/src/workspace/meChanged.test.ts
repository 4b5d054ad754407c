import { createMeStore } from '@portal/shared/graphql';
import { fakeApiClient } from '@portal/shared/testing/react';
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
    const api = fakeApiClient({ Me: () => ({ data: answer }) });
    const store = createMeStore({ client: () => api.client });
    await store.load();
    expect(store.getState().me?.env.unreadDirectMessages).toBe(0);
    const { unsubscribe } = pipe(
      api.client.subscription(MeChangedDocument, {}),
      subscribe(() => {}),
    );
    await vi.waitFor(() => expect(api.subscribed()).toBe(true));
    const event = (unreadDirectMessages: number) => ({
      __typename: 'Me',
      user: { __typename: 'MeUser', ...loaded.user },
      env: { __typename: 'MeEnv', unreadDirectMessages },
    });
    api.push('meChanged', event(1));
    await vi.waitFor(() => expect(store.getState().me?.env.unreadDirectMessages).toBe(1));
    api.push('meChanged', event(0));
    await vi.waitFor(() => expect(store.getState().me?.env.unreadDirectMessages).toBe(0));
    expect(store.getState().me?.user.timezone).toBe('Europe/Berlin');
    expect(api.fetch).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
