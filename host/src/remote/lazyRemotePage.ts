import { loadRemote } from '@module-federation/enhanced/runtime';
import { type RemotePageModule, type RemotePageRef, remoteRequest } from '@portal/shared';
import { type ComponentType, lazy } from 'react';
import { isRemoteConfigured, startPageLoad, takePageLoad } from '../federation/remoteRegistry';
import { isGuestOnly, matchPortalRoute, requiresAuth } from '../routes/routeTable';

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
      const request = remoteRequest(ref);
      // the first screen's page may be on its way already (startPageLoad): its outcome, once
      const module = await (takePageLoad(ref) ?? loadRemote<RemotePageModule>(request));
      if (!module?.default) throw new Error(`Remote page ${request} has no default export`);
      return module;
    });
    cache.set(key, page);
  }
  return page;
}

/**
 * Starts loading the remote page of the first screen as soon as the remote map and the session are
 * known, instead of once the router's guard has run and the page renders (for a signed-in user
 * that is after the GraphQL stack and the workspaces have loaded): the remote's manifest, entry and
 * page chunks download meanwhile (issue 14). Only a page the guard will show: a sign-in page to a
 * visitor, any other page to a signed-in user (main.js has started a visitor's Login already:
 * `registerPortalRemotes`). Answers whether it started a load.
 */
export function preloadFirstPage(pathname: string, signedIn: boolean): boolean {
  const match = matchPortalRoute(pathname);
  const page = match?.route.page;
  if (!match || !page || !('remote' in page)) return false; // a remote not in the map: startPageLoad says no
  const shown = signedIn ? !isGuestOnly(match.route) : !requiresAuth(match.route);
  return shown && startPageLoad(page);
}
