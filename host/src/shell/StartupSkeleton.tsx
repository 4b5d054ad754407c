import { FluentProvider, makeStyles, tokens } from '@fluentui/react-components';
import { themeForPath } from '@portal/shared';
import { useLocation } from 'react-router';
import { matchPortalRoute } from '../routes/routeTable';
import { useShellTheme } from '../theme/useShellTheme';
import { BrandBar } from './BrandBar';
import { PageProgressBar } from './PageProgressBar';

/**
 * While the router's first navigation (the guard) runs: the app bar with the brand, in the page's
 * theme, and the progress bar unless the page hides it; the same frame index.html paints before
 * any JavaScript, so start-up never shows a white page.
 */
const useStyles = makeStyles({
  frame: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
});

export function StartupSkeleton() {
  const styles = useStyles();
  const { pathname } = useLocation();
  const route = matchPortalRoute(pathname)?.route;
  const theme = useShellTheme(themeForPath(pathname, route?.meta.theme));
  return (
    <FluentProvider theme={theme}>
      <div className={styles.frame}>
        <PageProgressBar active={!route?.meta.hideProgressBar} />
        {route?.meta.fullScreen ? null : <BrandBar />}
      </div>
    </FluentProvider>
  );
}
