import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
// the stateless entry, not the shared root: main.js calls this before the shared scope is ready
import {
  containerName,
  REMOTE_NAMES,
  type RemoteName,
  type RemotePageModule,
  type RemotePageRef,
  remoteRequest,
} from '@portal/shared/remotes';
import { reportError } from '../errors/reportError';
import { fetchOwnShares } from './runtimePlugin';

const manifests = new Map<RemoteName, string>();
/** Page loads started before their page renders (`startPageLoad`), by request, until taken. */
const pageLoads = new Map<string, Promise<RemotePageModule | null>>();

/**
 * The sign-in pages (all under /auth/, as the route table's tests check) come from this remote, and
 * the one a visitor sees first is Login: the page of /auth/login and /auth/signup, where the guard
 * sends a visitor from every other page.
 */
export const SIGN_IN_PATH_PREFIX = '/auth/';
export const SIGN_IN_PAGE = { remote: 'auth', page: 'Login' } as const satisfies RemotePageRef;

function isRemoteMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'string' && /^https?:\/\//.test(v))
  );
}

/**
 * Reads /remotes.json (runtime configuration of the api, served no-store) and registers each
 * remote's manifest with the federation runtime. A missing or broken map is reported; the shell
 * still starts and every remote page shows its fallback.
 *
 * With `firstScreen` (the path the page opened at), on a sign-in page the Login page starts loading
 * at once: the sign-in remote's manifest, entry and page chunks, and the shared packages only it
 * provides as soon as its manifest is read (`fetchOwnShares`). main.js calls this before the
 * bootstrap and the host's shared packages have downloaded, so they arrive meanwhile instead of one
 * after another once the page renders (issue 14). The host's shared packages are already loading
 * by then (main.js imports the bootstrap first), and the `loaded-first` strategy hands the page
 * those, not the remote's copies.
 */
export async function registerPortalRemotes(firstScreen?: string): Promise<void> {
  try {
    const response = await fetch('/remotes.json', { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
    const map: unknown = await response.json();
    if (!isRemoteMap(map)) throw new Error('/remotes.json is not a map of remote names to manifest URLs');
    manifests.clear();
    pageLoads.clear(); // started from the map before
    for (const name of REMOTE_NAMES) {
      const url = map[name];
      if (url) manifests.set(name, url);
    }
    registerRemotes([...manifests].map(([name, entry]) => ({ name: containerName(name), entry })));
  } catch (error) {
    reportError(error, { phase: 'remotes.json' });
    return;
  }
  if (firstScreen?.startsWith(SIGN_IN_PATH_PREFIX) && manifests.has(SIGN_IN_PAGE.remote)) {
    fetchOwnShares(containerName(SIGN_IN_PAGE.remote));
    startPageLoad(SIGN_IN_PAGE);
  }
}

/**
 * Starts loading a page before it renders, unless its remote is not configured or a load is on its
 * way already; the page's first render takes it over (`takePageLoad`), so a failure reaches its
 * fallback and its report as any load's would.
 */
export function startPageLoad(ref: RemotePageRef): boolean {
  const request = remoteRequest(ref);
  if (!manifests.has(ref.remote) || pageLoads.has(request)) return false;
  const loading = loadRemote<RemotePageModule>(request);
  loading.catch(() => {}); // the page awaits it, and reports what failed
  pageLoads.set(request, loading);
  return true;
}

/** The load `startPageLoad` started for this page, once; undefined if none. */
export function takePageLoad(ref: RemotePageRef): Promise<RemotePageModule | null> | undefined {
  const request = remoteRequest(ref);
  const loading = pageLoads.get(request);
  pageLoads.delete(request);
  return loading;
}

/**
 * Forgets what the runtime cached of a remote (a failed manifest or entry), so the next load tries
 * the network again. Used by Retry.
 */
export function resetRemote(remote: RemoteName): void {
  const entry = manifests.get(remote);
  if (entry) registerRemotes([{ name: containerName(remote), entry }], { force: true });
}

export function isRemoteConfigured(remote: RemoteName): boolean {
  return manifests.has(remote);
}
