import { lazy, Suspense } from 'react';
import { createBrowserRouter, type DataRouter, type RouteObject, replace } from 'react-router';
import { browserAddressShows, type GuardSource, guardLoader } from '../guard/guardLoader';
import type { FeatureFlagSource, WorkspaceGuardSource } from '../guard/workspaceGuardState';
import { PageLoading } from '../remote/PageLoading';
import { RemotePage } from '../remote/RemotePage';
import type { SessionStore } from '../session/sessionStore';
import { RouteError } from '../shell/RouteError';
import { Shell } from '../shell/Shell';
import { StartupSkeleton } from '../shell/StartupSkeleton';
import { type PortalRoute, REDIRECTS, ROUTES } from './routeTable';

// Home (signed-in only) is a lazy chunk of its own
const HomePage = lazy(() => import('../home/HomePage').then((module) => ({ default: module.HomePage })));

function elementFor(route: PortalRoute) {
  if ('host' in route.page)
    return (
      <Suspense fallback={<PageLoading />}>
        <HomePage />
      </Suspense>
    );
  return (
    <RemotePage
      key={route.name}
      name={route.name}
      pageRef={route.page}
      title={route.meta.title ?? route.name}
    />
  );
}

/**
 * react-router routes from the route table: each path and alias, with the table entry as handle
 * and the navigation guard as loader. `shouldRevalidate` is always true so the guard also runs on
 * a navigation that only changes params or query of the same route.
 */
export function buildRouteObjects(source: GuardSource): RouteObject[] {
  const children: RouteObject[] = ROUTES.flatMap((route) =>
    [route.path, ...(route.aliases ?? [])].map((pattern) => ({
      path: pattern,
      handle: route,
      loader: guardLoader(route, pattern, source),
      shouldRevalidate: () => true,
      element: elementFor(route),
    })),
  );
  for (const { path, redirectTo } of REDIRECTS) {
    children.push({ path, loader: () => replace(redirectTo) });
  }
  return [
    {
      element: <Shell />,
      errorElement: <RouteError />,
      HydrateFallback: StartupSkeleton,
      children,
    },
  ];
}

export type RouterFactory = (routes: RouteObject[]) => DataRouter;

/**
 * The portal's router, its guard reading `store` (and `workspaces` for step 5). Tests pass a
 * memory-router factory. The guard may run before the factory has returned (the first navigation
 * starts at creation); it then sees no router yet, which is exactly "first load".
 */
export function createPortalRouter(
  store: SessionStore,
  create: RouterFactory = createBrowserRouter,
  sources: Pick<GuardSource, 'ready'> & { workspaces?: WorkspaceGuardSource; flags?: FeatureFlagSource } = {},
): DataRouter {
  // `let`: the guard's closure reads it, possibly before create() has returned
  let router: DataRouter | undefined;
  router = create(
    buildRouteObjects({ store, router: () => router, addressShows: browserAddressShows, ...sources }),
  );
  return router;
}
