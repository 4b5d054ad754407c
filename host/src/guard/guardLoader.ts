import { clearNextPath, readNextPath } from '@portal/shared';
import { type DataRouter, type LoaderFunction, redirect, replace } from 'react-router';
import { isWorkspaceRoute, type PortalRoute } from '../routes/routeTable';
import type { SessionStore } from '../session/sessionStore';
import { type GuardState, guard } from './guard';
import {
  type FeatureFlagSource,
  WORKSPACES_NOT_LOADED,
  type WorkspaceGuardSource,
} from './workspaceGuardState';

/** What the guard reads at the moment of a navigation. */
export interface GuardSource {
  store: SessionStore;
  /** the router, once created: its committed location is where the user "is" */
  router: () => Pick<DataRouter, 'state'> | undefined;
  /** whether the address bar already shows this path (a Back/Forward, or the first load) */
  addressShows?: (path: string) => boolean;
  /** the workspaces (guard step 5); without them step 5 is inert */
  workspaces?: WorkspaceGuardSource;
  /** the feature flags (guard step 1); without them every flagged route is hidden */
  flags?: FeatureFlagSource;
  /**
   * Once the guard has let a route through: what its page needs loaded before it renders (the
   * lazy chrome, the GraphQL stack). Never before the decision, so a refused page loads nothing.
   */
  ready?: (route: PortalRoute) => Promise<unknown> | undefined;
}

const NO_FLAGS: Readonly<Record<string, boolean>> = Object.freeze({});

/** The browser's answer to `addressShows`: on a POP the address changes before loaders run. */
export function browserAddressShows(path: string): boolean {
  return window.location.pathname + window.location.search === path;
}

export function guardState({ store, router, workspaces, flags }: GuardSource): GuardState {
  const current = router()?.state;
  return {
    isAuthenticated: store.getState().isAuthenticated,
    featureFlags: flags?.flags() ?? NO_FLAGS,
    from: current?.initialized ? current.location.pathname + current.location.search : null,
    nextPath: readNextPath(),
    workspaces: workspaces?.state() ?? WORKSPACES_NOT_LOADED,
  };
}

/**
 * The guard as the loader of a table route. A data router runs the loader of the matched route
 * before every navigation to it, the first one included, and before anything renders, so a
 * visitor never sees a page the guard refuses.
 *
 * How a redirect meets the history: in an in-app navigation the refused entry was never
 * committed, so the redirect is pushed in its place (Back returns to where the user was). On the
 * first load or a Back/Forward the refused URL is already in the address bar, so it is replaced
 * (Back must not bounce into the redirect again). Staying replaces the current entry with itself.
 */
export function guardLoader(route: PortalRoute, pattern: string, source: GuardSource): LoaderFunction {
  const decide: LoaderFunction = ({ request, params }) => {
    const url = new URL(request.url);
    const intended = url.pathname + url.search;
    const state = guardState(source);
    const decision = guard({ route, pattern, params, pathname: url.pathname, search: url.search }, state);
    switch (decision.kind) {
      case 'allow': {
        const ready = source.ready?.(route);
        // a chunk that failed to load fails again where the page renders it, with its fallback
        return ready
          ? ready.then(
              () => null,
              () => null,
            )
          : null;
      }
      case 'stay':
        throw replace(decision.at);
      case 'redirect': {
        if (decision.consume === 'next') clearNextPath();
        const inPlace = state.from === null || source.addressShows?.(intended) === true;
        if (decision.notice) source.workspaces?.notify(decision.notice);
        throw (inPlace ? replace : redirect)(decision.to);
      }
    }
  };
  // Step 1 reads the user's feature flags, and step 5 compares with the current workspace: a
  // signed-in user's flags and list must be in first, and a path naming one of their own
  // workspaces selects it (the URL is where they want to be).
  return (args) => {
    const signedIn = source.store.getState().isAuthenticated;
    const waiting = [
      signedIn && route.meta.featureFlag ? source.flags?.prepare() : undefined,
      signedIn && isWorkspaceRoute(route) ? source.workspaces?.prepare(args.params.contractUid) : undefined,
    ].filter((promise) => promise !== undefined);
    return waiting.length ? Promise.all(waiting).then(() => decide(args)) : decide(args);
  };
}
