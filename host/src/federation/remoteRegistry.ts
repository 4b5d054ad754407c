import { registerRemotes } from '@module-federation/enhanced/runtime';
import { containerName, REMOTE_NAMES, type RemoteName } from '@portal/shared';
import { reportError } from '../errors/reportError';

const manifests = new Map<RemoteName, string>();

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
 */
export async function registerPortalRemotes(): Promise<void> {
  try {
    const response = await fetch('/remotes.json', { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`/remotes.json answered ${response.status}`);
    const map: unknown = await response.json();
    if (!isRemoteMap(map)) throw new Error('/remotes.json is not a map of remote names to manifest URLs');
    for (const name of REMOTE_NAMES) {
      const url = map[name];
      if (url) manifests.set(name, url);
    }
    registerRemotes([...manifests].map(([name, entry]) => ({ name: containerName(name), entry })));
  } catch (error) {
    reportError(error, { phase: 'remotes.json' });
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
