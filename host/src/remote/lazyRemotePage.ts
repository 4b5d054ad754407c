import { loadRemote } from '@module-federation/enhanced/runtime';
import { type RemotePageModule, type RemotePageRef, remoteRequest } from '@portal/shared';
import { type ComponentType, lazy } from 'react';
import { isRemoteConfigured } from '../federation/remoteRegistry';
import { isGuestOnly, matchPortalRoute, requiresAuth } from '../routes/routeTable';

const cache = new Map<string, ComponentType>();
const preloaded = new Map<string, Promise<RemotePageModule | null>>();

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
      // the first screen's page may be on its way already (preloadFirstPage): its outcome, once
      const started = preloaded.get(request);
      preloaded.delete(request);
      const module = await (started ?? loadRemote<RemotePageModule>(request));
      if (!module?.default) throw new Error(`Remote page ${request} has no default export`);
      return module;
    });
    cache.set(key, page);
  }
  return page;
}

/**
 * Starts loading the remote page of the first screen as soon as the remote map is known, instead of
 * once the router's guard has run and the page renders (for a signed-in user that is after the
 * GraphQL stack and the workspaces have loaded): the remote's manifest, entry and page chunks
 * download meanwhile (issue 14). Only a page the guard will show: a sign-in page to a visitor, any
 * other page to a signed-in user. Before the session is known (`signedIn` undefined) only a sign-in
 * page, which visitors open (a signed-in user there is sent on). The page's first load takes over
 * this one, so a failure reaches its fallback and its report as it was (a second attempt of a
 * remote that failed half-way would fail differently). Answers whether it started a load.
 */
export function preloadFirstPage(pathname: string, signedIn: boolean | undefined): boolean {
  const match = matchPortalRoute(pathname);
  const page = match?.route.page;
  if (!match || !page || !('remote' in page) || !isRemoteConfigured(page.remote)) return false;
  const shown =
    signedIn === undefined
      ? isGuestOnly(match.route)
      : signedIn
        ? !isGuestOnly(match.route)
        : !requiresAuth(match.route);
  if (!shown) return false;
  const loading = loadRemote<RemotePageModule>(remoteRequest(page));
  loading.catch(() => {}); // the page awaits it, and reports what failed
  preloaded.set(remoteRequest(page), loading);
  return true;
}
