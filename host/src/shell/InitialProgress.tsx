import { useLocation } from 'react-router';
import { matchPortalRoute } from '../routes/routeTable';
import { PageProgressBar } from './PageProgressBar';

/** While the router's first navigation (the guard) runs: the progress bar, unless the page hides it. */
export function InitialProgress() {
  const { pathname } = useLocation();
  return <PageProgressBar active={!matchPortalRoute(pathname)?.route.meta.hideProgressBar} />;
}
