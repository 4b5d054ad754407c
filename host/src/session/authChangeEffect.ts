import {
  type AuthResponseBody,
  type FlowId,
  LOGOUT_REDIRECT_URL,
  pathForFlow,
  pendingFlow,
  UnknownFlowError,
} from '@portal/shared';
import { isPostLoginPath } from '../routes/routeTable';
import { AuthChangeOutcome } from './authChange';
import { type PostLoginSource, postLoginTarget, redirectQuery } from './postLoginTarget';

export interface AuthChangeInputs {
  /** the new identity answer */
  auth: AuthResponseBody;
  /** where the user is now */
  location: { pathname: string; search: string };
  /** the `next` cookie, if it holds a safe path */
  nextPath: string | undefined;
  /** the `beforeExpiryPath` entry resolved to a path, if any */
  beforeExpiryPath: string | undefined;
}

export type AuthChangeEffect =
  | { kind: 'none' }
  | {
      kind: 'navigate';
      to: string;
      /** a finished step (login, logout) leaves no history entry to come back to */
      replace: boolean;
      /** save this path as the `next` cookie first */
      saveNext?: string;
      /** forget this saved destination: it has been used */
      consume?: PostLoginSource;
    }
  | { kind: 'error'; error: Error };

const NONE: AuthChangeEffect = { kind: 'none' };

/**
 * What an auth-change outcome does (spec section 4), as data: where to go, what to save and what
 * to forget. Navigating to the page the user is already on is no effect at all, so a flow that
 * moves along on its own page (sign-up's 401 verify_email on /auth/signup) keeps its URL.
 */
export function authChangeEffect(
  outcome: AuthChangeOutcome | null,
  inputs: AuthChangeInputs,
): AuthChangeEffect {
  const { auth, location } = inputs;
  const here = location.pathname + location.search;
  const go = (effect: Extract<AuthChangeEffect, { kind: 'navigate' }>): AuthChangeEffect =>
    effect.to === here && !effect.saveNext && !effect.consume ? NONE : effect;

  switch (outcome) {
    case null:
      return NONE;
    case AuthChangeOutcome.LOGGED_IN: {
      const target = postLoginTarget({
        redirect: redirectQuery(location.search),
        next: inputs.nextPath,
        beforeExpiry: inputs.beforeExpiryPath,
      });
      return go({ kind: 'navigate', to: target.path, replace: true, ...consume(target.source) });
    }
    case AuthChangeOutcome.LOGGED_OUT:
      if (location.pathname === LOGOUT_REDIRECT_URL) return NONE;
      return go({ kind: 'navigate', to: LOGOUT_REDIRECT_URL, replace: true });
    case AuthChangeOutcome.REAUTHENTICATION_REQUIRED: {
      const flow = auth.data?.flows?.[0];
      const path = flowPath(flow?.id ?? '(none)');
      if (path instanceof Error) return { kind: 'error', error: path };
      // Already on the flow's page (a second 401 there): keep the destination saved before.
      if (location.pathname === path) return NONE;
      return { kind: 'navigate', to: path, replace: false, saveNext: here };
    }
    case AuthChangeOutcome.REAUTHENTICATED: {
      const next = isPostLoginPath(inputs.nextPath) ? inputs.nextPath : undefined;
      return go({
        kind: 'navigate',
        to: next ?? '/',
        replace: true,
        ...(next ? { consume: 'next' as const } : {}),
      });
    }
    case AuthChangeOutcome.FLOW_UPDATED: {
      const flow = pendingFlow(auth);
      const path = flowPath(flow?.id ?? '(none)');
      if (path instanceof Error) return { kind: 'error', error: path };
      if (location.pathname === path) return NONE;
      // A login that moves on to its next step (2FA, code) keeps where it was going.
      const redirect = redirectQuery(location.search);
      const to = isPostLoginPath(redirect) ? `${path}?${new URLSearchParams({ redirect })}` : path;
      return { kind: 'navigate', to, replace: false };
    }
  }
}

function consume(source: PostLoginSource | null): { consume?: PostLoginSource } {
  // the redirect query lives in the URL being left: nothing to forget
  return source && source !== 'redirect' ? { consume: source } : {};
}

function flowPath(id: string): string | Error {
  try {
    return pathForFlow({ id: id as FlowId });
  } catch (error) {
    return error instanceof Error ? error : new UnknownFlowError(id);
  }
}
