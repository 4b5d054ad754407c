import { gql } from '@urql/core';
import { describe, expect, it, vi } from 'vitest';
import { pipe, subscribe } from 'wonka';
import { fakeApiClient } from '../testing/fakeApiClient';
import { createMeStore } from './meStore';

const ME_CHANGED = gql`
  subscription MeChanged {
    meChanged {
      user {
        email
        timezone
        dateFormat
        timeFormat
      }
    }
  }
`;

const meAnswer = {
  __typename: 'Query',
  me: {
    __typename: 'Me',
    reason: null,
    user: {
      __typename: 'MeUser',
      email: 'ada@example.com',
      phone: '+4915123456789',
      firstName: 'Ada',
      lastName: 'Lovelace',
      timezone: 'Europe/Berlin',
      dateFormat: 'YYYY-MM-DD',
      timeFormat: '24h',
      language: null,
      totp2faEnabled: false,
      hasUsablePassword: true,
      isBusiness: false,
    },
    env: { __typename: 'MeEnv', profiles: [], currentExternalIp: '192.0.2.1', unreadDirectMessages: 0 },
  },
};

const ME_CHANGED_ENV = gql`
  subscription MeChangedEnv {
    meChanged {
      user {
        email
      }
      env {
        unreadDirectMessages
      }
    }
  }
`;

/** The real client and cache with `me` loaded once, and a `meChanged` subscription open. */
async function watching(subscription: typeof ME_CHANGED) {
  const api = fakeApiClient({ Me: () => ({ data: meAnswer }) });
  const store = createMeStore({ client: () => api.client });
  await store.load();
  const { unsubscribe } = pipe(
    api.client.subscription(subscription, {}),
    subscribe(() => {}),
  );
  await vi.waitFor(() => expect(api.subscribed()).toBe(true));
  return { api, store, unsubscribe };
}

// The preferences of another tab reach this one: a `meChanged` event is written into the cached
// `me` (ME_CACHE_UPDATES), and the me store the host watches re-emits it. Real client and cache.
describe('meChanged', () => {
  it('updates the watched me: the preferences saved in another tab apply here', async () => {
    const { api, store, unsubscribe } = await watching(ME_CHANGED);
    expect(store.getState().me?.user.timezone).toBe('Europe/Berlin');
    api.push('meChanged', {
      __typename: 'Me',
      user: {
        __typename: 'MeUser',
        email: 'ada@example.com',
        timezone: 'America/New_York',
        dateFormat: 'MM/DD/YYYY',
        timeFormat: '12h',
      },
    });
    await vi.waitFor(() => expect(store.getState().me?.user.timezone).toBe('America/New_York'));
    expect(store.getState().me?.user).toMatchObject({
      dateFormat: 'MM/DD/YYYY',
      timeFormat: '12h',
      firstName: 'Ada',
    });
    expect(api.fetch).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("updates the watched me's unread direct messages (an answer from support arrived or was read)", async () => {
    const { api, store, unsubscribe } = await watching(ME_CHANGED_ENV);
    const event = (unread: number) => ({
      __typename: 'Me',
      user: { __typename: 'MeUser', email: 'ada@example.com' },
      env: { __typename: 'MeEnv', unreadDirectMessages: unread },
    });
    api.push('meChanged', event(2));
    await vi.waitFor(() => expect(store.getState().me?.env.unreadDirectMessages).toBe(2));
    api.push('meChanged', event(0));
    await vi.waitFor(() => expect(store.getState().me?.env.unreadDirectMessages).toBe(0));
    // the rest of me stays as loaded, and nothing was fetched again (no polling, no refetch)
    expect(store.getState().me?.env).toMatchObject({ currentExternalIp: '192.0.2.1', profiles: [] });
    expect(store.getState().me?.user.timezone).toBe('Europe/Berlin');
    expect(api.fetch).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
