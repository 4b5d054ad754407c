import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { findRoute, matchPortalRoute } from '../routes/routeTable';
import { createSessionStore } from '../session/sessionStore';
import { session, signedIn, signedOut } from '../test/authFixtures';
import { type GuardState, guard } from './guard';
import { type GuardSource, guardLoader } from './guardLoader';
import {
  WORKSPACES_NOT_LOADED,
  type WorkspaceGuardSource,
  type WorkspaceGuardState,
} from './workspaceGuardState';

// Guard step 5 with the workspace list: the refusal notice, and the loader's wait for the list.

function target(url: string) {
  const parsed = new URL(url, 'https://portal.invalid');
  const match = matchPortalRoute(parsed.pathname)!;
  return { ...match, pathname: parsed.pathname, search: parsed.search };
}

const listed: WorkspaceGuardState = {
  loaded: true,
  currentContractUid: 'B',
  count: 2,
  contractUids: ['A', 'B'],
};
const member = (workspaces: WorkspaceGuardState): GuardState => ({
  isAuthenticated: true,
  featureFlags: {},
  from: null,
  nextPath: undefined,
  workspaces,
});

describe('guard step 5 with the list', () => {
  it('a contractUid not in the list: rewritten to the current one, with the permission notice', () => {
    expect(guard(target('/workspace/Z/billing?tab=x'), member(listed))).toEqual({
      kind: 'redirect',
      to: '/workspace/B/billing?tab=x',
      notice: 'forbidden',
    });
  });

  it('a listed contractUid other than the current one is rewritten without a notice (the loader selects it first)', () => {
    expect(guard(target('/workspace/A/status'), member(listed))).toEqual({
      kind: 'redirect',
      to: '/workspace/B/status',
    });
  });

  it('no notice before the list is loaded, nor without the list of contractUids', () => {
    const noList = { loaded: true, currentContractUid: 'B', count: 2 };
    expect(guard(target('/workspace/Z/status'), member(noList))).toEqual({
      kind: 'redirect',
      to: '/workspace/B/status',
    });
    expect(guard(target('/workspace/Z/status'), member(WORKSPACES_NOT_LOADED))).toEqual({ kind: 'allow' });
  });

  it('the current workspace passes', () => {
    expect(guard(target('/workspace/B/settings'), member(listed))).toEqual({ kind: 'allow' });
  });
});

describe('guardLoader with workspaces', () => {
  function setup(auth = signedIn(), state: WorkspaceGuardState = listed) {
    let current = state;
    const workspaces: WorkspaceGuardSource = {
      state: () => current,
      prepare: vi.fn((uid: string | undefined) =>
        Promise.resolve().then(() => {
          if (uid && current.contractUids?.includes(uid)) current = { ...current, currentContractUid: uid };
        }),
      ),
      notify: vi.fn(),
    };
    const source: GuardSource = {
      store: createSessionStore(session(auth)),
      router: () => undefined,
      workspaces,
    };
    return { source, workspaces };
  }
  const args = (url: string, params: Record<string, string>) =>
    ({ request: new Request(`http://portal.test${url}`), params, context: {} }) as LoaderFunctionArgs;
  const run = async (loader: ReturnType<typeof guardLoader>, url: string, params: Record<string, string>) => {
    try {
      return { value: await loader(args(url, params)) };
    } catch (thrown) {
      return { location: (thrown as Response).headers.get('Location') };
    }
  };
  const billing = findRoute('Billing')!;

  it('waits for prepare, so a deep link to an own workspace selects it and passes', async () => {
    const { source, workspaces } = setup();
    expect(
      await run(guardLoader(billing, billing.path, source), '/workspace/A/billing', { contractUid: 'A' }),
    ).toEqual({
      value: null,
    });
    expect(workspaces.prepare).toHaveBeenCalledWith('A');
    expect(workspaces.notify).not.toHaveBeenCalled();
  });

  it('another user’s workspace: the current one instead, and the notice is given', async () => {
    const { source, workspaces } = setup();
    expect(
      await run(guardLoader(billing, billing.path, source), '/workspace/Z/billing', { contractUid: 'Z' }),
    ).toEqual({
      location: '/workspace/B/billing',
    });
    expect(workspaces.notify).toHaveBeenCalledWith('forbidden');
  });

  it('a visitor is not waited for: straight to Login', async () => {
    const { source, workspaces } = setup(signedOut());
    expect(
      await run(guardLoader(billing, billing.path, source), '/workspace/Z/billing', { contractUid: 'Z' }),
    ).toEqual({
      location: '/auth/login?redirect=%2Fworkspace%2FZ%2Fbilling',
    });
    expect(workspaces.prepare).not.toHaveBeenCalled();
  });

  it('routes outside the workspace area do not wait', () => {
    const { source, workspaces } = setup();
    const support = findRoute('Support')!;
    expect(guardLoader(support, support.path, source)(args('/support', {}))).toBeNull();
    expect(workspaces.prepare).not.toHaveBeenCalled();
  });
});
