// The part of react-router the portal's apps use: every app resolves `react-router` to this file
// (federation.mjs; `portal-react-router-whole` is the package itself), and federation shares it under the key `react-router`, so the one copy on the
// page carries only these exports (react-router tree-shaken behind them) instead of the whole
// package, which a shared module otherwise is (+92 kB decoded on the first screen; issue 14).
// A name missing here fails the build of the app that imports it (`exportsPresence: 'error'` on
// the apps' own sources): add it here.
export {
  createBrowserRouter,
  createMemoryRouter,
  generatePath,
  Link,
  MemoryRouter,
  matchRoutes,
  Navigate,
  Outlet,
  Route,
  RouterProvider,
  Routes,
  redirect,
  replace,
  useHref,
  useLinkClickHandler,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from 'portal-react-router-whole';
