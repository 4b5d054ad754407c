import { describe, expect, it, vi } from 'vitest';
import { gone, reauthRequired, session, signedIn, signedOut } from '../test/authFixtures';
import { createSessionStore, nextSessionState } from './sessionStore';

describe('session store', () => {
  it('starts from the loaded session, loaded', () => {
    const store = createSessionStore({ ...session(signedIn()), loaded: false });
    expect(store.getState()).toMatchObject({ loaded: true, isAuthenticated: true, auth: signedIn() });
  });

  it('takes in every answer, tells subscribers, keeps the config', () => {
    const store = createSessionStore(session(signedOut()));
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.receive(signedOut('verify_email'));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState()).toEqual({
      loaded: true,
      isAuthenticated: false,
      auth: signedOut('verify_email'),
      config: { account: { is_open_for_signup: true } },
    });
    unsubscribe();
    store.receive(signedIn());
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState().isAuthenticated).toBe(true);
  });

  it('gives a new state object per answer (useSyncExternalStore compares by identity)', () => {
    const store = createSessionStore(session(signedIn()));
    const before = store.getState();
    store.receive(signedIn());
    expect(store.getState()).not.toBe(before);
  });
});

describe('nextSessionState', () => {
  const start = session(signedIn());

  it('a 401 with is_authenticated stays authenticated', () => {
    expect(nextSessionState(start, reauthRequired())).toMatchObject({
      isAuthenticated: true,
      auth: reauthRequired(),
    });
  });

  it('a 410 is signed out, with the 410 as the latest answer', () => {
    expect(nextSessionState(start, gone)).toMatchObject({ isAuthenticated: false, auth: gone });
  });

  it('a signed-out 401 is signed out', () => {
    expect(nextSessionState(start, signedOut())).toMatchObject({ isAuthenticated: false, loaded: true });
  });
});
