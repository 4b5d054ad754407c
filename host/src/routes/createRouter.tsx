import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { HomePage } from '../home/HomePage';
import { RemotePage } from '../remote/RemotePage';
import { Shell } from '../shell/Shell';
import { type PortalRoute, REDIRECTS, ROUTES } from './routeTable';

function elementFor(route: PortalRoute) {
  if ('host' in route.page) return <HomePage />;
  return <RemotePage key={route.name} pageRef={route.page} title={route.meta.title ?? route.name} />;
}

/** react-router routes from the route table: each path and alias, with the table entry as handle. */
export function buildRouteObjects(): RouteObject[] {
  const children: RouteObject[] = ROUTES.flatMap((route) =>
    [route.path, ...(route.aliases ?? [])].map((path) => ({
      path,
      handle: route,
      element: elementFor(route),
    })),
  );
  for (const redirect of REDIRECTS) {
    children.push({ path: redirect.path, element: <Navigate to={redirect.redirectTo} replace /> });
  }
  return [{ element: <Shell />, children }];
}

export function createPortalRouter() {
  return createBrowserRouter(buildRouteObjects());
}
