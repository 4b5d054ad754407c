import { type AuthResponseBody, clearNextPath, readNextPath, saveNextPath } from '@portal/shared';
import type { DataRouter } from 'react-router';
import { detectAuthChange } from './authChange';
import { type AuthChangeEffect, authChangeEffect } from './authChangeEffect';
import { clearBeforeExpiryPath, readBeforeExpiryPath } from './beforeExpiryPath';
import type { SessionStore } from './sessionStore';

export interface AuthChangeDeps {
  store: SessionStore;
  router: Pick<DataRouter, 'state' | 'navigate'>;
  /** an effect that cannot be carried out (unknown flow): reported and shown to the user */
  onError: (error: Error) => void;
}

/**
 * One auth-change event, in the order that keeps the guard right: outcome against the previous
 * state, then the store (so the guard of the coming navigation and every remote see the new
 * session), then the cookie and storage side effects, then the navigation.
 */
export function applyAuthChange(
  auth: AuthResponseBody,
  { store, router, onError }: AuthChangeDeps,
): AuthChangeEffect {
  const outcome = detectAuthChange(store.getState().auth, auth);
  store.receive(auth);
  const { pathname, search } = router.state.location;
  const effect = authChangeEffect(outcome, {
    auth,
    location: { pathname, search },
    nextPath: readNextPath(),
    beforeExpiryPath: readBeforeExpiryPath(),
  });
  if (effect.kind === 'error') {
    onError(effect.error);
  } else if (effect.kind === 'navigate') {
    if (effect.saveNext) saveNextPath(effect.saveNext);
    if (effect.consume === 'next') clearNextPath();
    if (effect.consume === 'beforeExpiry') clearBeforeExpiryPath();
    if (effect.to !== pathname + search) void router.navigate(effect.to, { replace: effect.replace });
  }
  return effect;
}
