import { CombinedError } from '@urql/core';
import { describe, expect, it } from 'vitest';
import {
  graphqlErrorEffects,
  NO_EFFECTS,
  PERMISSION_DENIED_MESSAGE,
  SIGNATURE_EXPIRED_MESSAGE,
} from './graphqlErrors';

const gql = (...messages: string[]) =>
  new CombinedError({ graphQLErrors: messages.map((message) => ({ message })) });
const network = (message: string) => new CombinedError({ networkError: new Error(message) });
const onAuthRoute = { routeRequiresAuth: true };

describe('graphqlErrorEffects (spec section 8)', () => {
  it.each([PERMISSION_DENIED_MESSAGE, SIGNATURE_EXPIRED_MESSAGE])(
    '%s: re-check the session (and save the route), no notification',
    (message) => {
      expect(graphqlErrorEffects(gql(message), onAuthRoute)).toEqual({
        checkSession: true,
        notifications: [],
      });
    },
  );

  it('matches the session messages exactly', () => {
    expect(graphqlErrorEffects(gql(`${PERMISSION_DENIED_MESSAGE}.`), onAuthRoute).checkSession).toBe(false);
  });

  it('other GraphQL errors: an error notification with the server message', () => {
    expect(graphqlErrorEffects(gql('Instance is locked'), onAuthRoute)).toEqual({
      checkSession: false,
      notifications: [{ type: 'error', message: 'Instance is locked' }],
    });
  });

  it('one notification per distinct message', () => {
    expect(graphqlErrorEffects(gql('A', 'B', 'A'), onAuthRoute).notifications).toEqual([
      { type: 'error', message: 'A' },
      { type: 'error', message: 'B' },
    ]);
  });

  it('a session error beside another error: both handled', () => {
    expect(graphqlErrorEffects(gql(SIGNATURE_EXPIRED_MESSAGE, 'Other'), onAuthRoute)).toEqual({
      checkSession: true,
      notifications: [{ type: 'error', message: 'Other' }],
    });
  });

  it("network errors: 'Network Error: {detail}'", () => {
    expect(graphqlErrorEffects(network('Failed to fetch'), onAuthRoute)).toEqual({
      checkSession: false,
      notifications: [{ type: 'error', message: 'Network Error: Failed to fetch' }],
    });
  });

  it.each([
    ['a permission error', gql(PERMISSION_DENIED_MESSAGE)],
    ['an expiry error', gql(SIGNATURE_EXPIRED_MESSAGE)],
    ['another GraphQL error', gql('Boom')],
    ['a network error', network('offline')],
  ])('on a route that does not require auth, %s does nothing at all', (_, error) => {
    expect(graphqlErrorEffects(error, { routeRequiresAuth: false })).toEqual(NO_EFFECTS);
  });

  it('an operation whose screen shows its own errors: no notification, the session is still checked', () => {
    expect(
      graphqlErrorEffects(gql(PERMISSION_DENIED_MESSAGE, 'Bad key'), { ...onAuthRoute, notify: false }),
    ).toEqual({ checkSession: true, notifications: [] });
    expect(graphqlErrorEffects(network('x'), { ...onAuthRoute, notify: false }).notifications).toEqual([]);
  });
});
