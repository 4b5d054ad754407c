import { gql, type SubscriptionForwarder } from '@urql/core';
import { describe, expect, it, vi } from 'vitest';
import { pipe, subscribe } from 'wonka';
import { createPortalClient } from '../graphql/createPortalClient';
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

// The preferences of another tab reach this one: a `meChanged` event is written into the cached
// `me` (ME_CACHE_UPDATES), and the me store the host watches re-emits it. Real client and cache.
describe('meChanged', () => {
  it('updates the watched me: the preferences saved in another tab apply here', async () => {
    const fetch = vi.fn(async () => Response.json({ data: meAnswer }));
    let push: ((value: unknown) => void) | undefined;
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
    const store = createMeStore({ client: () => client });
    await store.load();
    expect(store.getState().me?.user.timezone).toBe('Europe/Berlin');
    const { unsubscribe } = pipe(
      client.subscription(ME_CHANGED, {}),
      subscribe(() => {}),
    );
    await vi.waitFor(() => expect(push).toBeDefined());
    push!({
      data: {
        __typename: 'Subscription',
        meChanged: {
          __typename: 'Me',
          user: {
            __typename: 'MeUser',
            email: 'ada@example.com',
            timezone: 'America/New_York',
            dateFormat: 'MM/DD/YYYY',
            timeFormat: '12h',
          },
        },
      },
    });
    await vi.waitFor(() => expect(store.getState().me?.user.timezone).toBe('America/New_York'));
    expect(store.getState().me?.user).toMatchObject({
      dateFormat: 'MM/DD/YYYY',
      timeFormat: '12h',
      firstName: 'Ada',
    });
    expect(fetch).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("updates the watched me's unread direct messages (an answer from support arrived or was read)", async () => {
    const fetch = vi.fn(async () => Response.json({ data: meAnswer }));
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
    const { unsubscribe } = pipe(
      client.subscription(
        gql`
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
        `,
        {},
      ),
      subscribe(() => {}),
    );
    await vi.waitFor(() => expect(push).toBeDefined());
    const event = (unread: number) => ({
      data: {
        __typename: 'Subscription',
        meChanged: {
          __typename: 'Me',
          user: { __typename: 'MeUser', email: 'ada@example.com' },
          env: { __typename: 'MeEnv', unreadDirectMessages: unread },
        },
      },
    });
    push!(event(2));
    await vi.waitFor(() => expect(store.getState().me?.env.unreadDirectMessages).toBe(2));
    push!(event(0));
    await vi.waitFor(() => expect(store.getState().me?.env.unreadDirectMessages).toBe(0));
    // the rest of me stays as loaded, and nothing was fetched again (no polling, no refetch)
    expect(store.getState().me?.env).toMatchObject({ currentExternalIp: '192.0.2.1', profiles: [] });
    expect(store.getState().me?.user.timezone).toBe('Europe/Berlin');
    expect(fetch).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
