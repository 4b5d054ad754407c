import { loadRemote } from '@module-federation/enhanced/runtime';
import { type RemotePageModule, type RemotePageRef, remoteRequest } from '@portal/shared';
import { type ComponentType, lazy } from 'react';
import { isRemoteConfigured } from '../federation/remoteRegistry';

const cache = new Map<string, ComponentType>();

/** One lazy component per page and attempt, so a Retry really loads again. */
export function lazyRemotePage(ref: RemotePageRef, attempt: number): ComponentType {
  const key = `${remoteRequest(ref)}#${attempt}`;
  let page = cache.get(key);
  if (!page) {
    page = lazy(async () => {
      if (!isRemoteConfigured(ref.remote)) {
        throw new Error(`Remote "${ref.remote}" is not configured in /remotes.json`);
      }
      const module = await loadRemote<RemotePageModule>(remoteRequest(ref));
      if (!module?.default) throw new Error(`Remote page ${remoteRequest(ref)} has no default export`);
      return module;
    });
    cache.set(key, page);
  }
  return page;
}
