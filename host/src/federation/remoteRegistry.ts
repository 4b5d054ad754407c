import { preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
// the stateless entry, not the shared root: main.js calls this before the shared scope is ready
import { containerName, REMOTE_NAMES, type RemoteName } from '@portal/shared/remotes';
import { reportError } from '../errors/reportError';

const manifests = new Map<RemoteName, string>();

/** The sign-in pages (all under /auth/, as the route table checks) come from this remote. */
export const SIGN_IN_PATH_PREFIX = '/auth/';
const SIGN_IN_REMOTE: RemoteName = 'auth';

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
 * With `firstScreen` (the path the page opened at), a sign-in page's remote has its manifest and
 * entry fetched at once: main.js calls this before the bootstrap and the shared packages have
 * downloaded, so they arrive meanwhile instead of one after another once the page renders (issue 14).
 */
export async function registerPortalRemotes(firstScreen?: string): Promise<void> {
  try {
    const response = await fetch('/remotes.json', { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
    const map: unknown = await response.json();
    if (!isRemoteMap(map)) throw new Error('/remotes.json is not a map of remote names to manifest URLs');
    manifests.clear();
    for (const name of REMOTE_NAMES) {
      const url = map[name];
      if (url) manifests.set(name, url);
    }
    registerRemotes([...manifests].map(([name, entry]) => ({ name: containerName(name), entry })));
  } catch (error) {
    reportError(error, { phase: 'remotes.json' });
    return;
  }
  if (firstScreen?.startsWith(SIGN_IN_PATH_PREFIX) && manifests.has(SIGN_IN_REMOTE)) {
    // manifest and entry only (no page chunks: which page is the route table's, loaded later);
    // a failure shows when the page loads, with its fallback and report
    preloadRemote([{ nameOrAlias: containerName(SIGN_IN_REMOTE), filter: () => false }]).catch(() => {});
  }
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
