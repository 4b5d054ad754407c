import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { addBreadcrumb } from '../errors/reportError';

/** Remotes whose own shared packages are fetched as soon as their manifest is read (`fetchOwnShares`). */
const ownSharesOf = new Set<string>();

/**
 * When the manifest of this remote (its container name) is read, its own shared packages (the ones
 * the host does not provide, so the remote's copy is the one the page uses) are preloaded at once,
 * as script preloads (nothing runs), instead of once the remote's entry has run and its page asks
 * for them: for the first screen's page, whose entry may wait behind the host's start-up on a slow
 * device (issue 14; for the sign-in remote: Card, Tabs, Divider).
 */
export function fetchOwnShares(container: string): void {
  ownSharesOf.add(container);
}

function preloadScript(url: string): void {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'script');
  link.href = url; // no crossorigin, as the remote's runtime loads its chunks
  document.head.appendChild(link);
}

/**
 * Federation runtime hooks of the host. A remote that fails to load (down, 404, incompatible
 * shared version) leaves a breadcrumb and rethrows: the page's error boundary shows the fallback
 * and reports the error once, with Retry.
 */
export default function portalRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-runtime-plugin',
    errorLoadRemote(args) {
      addBreadcrumb(`remote ${args.id} failed in ${args.lifecycle}`);
      return undefined;
    },
    loadRemoteSnapshot(args) {
      const { moduleInfo, remoteSnapshot, options } = args;
      if (!ownSharesOf.delete(moduleInfo.name)) return args;
      if (!('shared' in remoteSnapshot) || !('publicPath' in remoteSnapshot)) return args;
      for (const shared of remoteSnapshot.shared) {
        if (options.shared[shared.sharedName]) continue; // the host's copy is the one used
        for (const file of shared.assets.js.sync) preloadScript(`${remoteSnapshot.publicPath}${file}`);
      }
      return args;
    },
  };
}
