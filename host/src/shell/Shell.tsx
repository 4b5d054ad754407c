import { FluentProvider, makeStyles, tokens } from '@fluentui/react-components';
import { authLightTheme, themeForPath } from '@portal/shared';
import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router';
import type { PortalRoute } from '../routes/routeTable';
import { AppBar } from './AppBar';
import { NavigationDrawer } from './NavigationDrawer';
import { useDrawerState } from './useDrawerState';

const useStyles = makeStyles({
  provider: { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
  body: { display: 'flex', flex: 1, minHeight: 0 },
  main: {
    flex: 1,
    minWidth: 0,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  authMain: {
    flex: 1,
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'flex-start',
    padding: tokens.spacingVerticalXXXL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/** The frame around every page: theme by path, app bar and drawer except on auth and full-screen routes. */
export function Shell() {
  const styles = useStyles();
  const location = useLocation();
  const route = useMatches().at(-1)?.handle as PortalRoute | undefined;
  const themeName = themeForPath(location.pathname, route?.meta.theme);
  const drawer = useDrawerState();
  const title = route?.meta.title;

  useEffect(() => {
    document.title = title ? `${title} · Customer Portal` : 'Customer Portal';
  }, [title]);

  if (route?.meta.fullScreen) return <Outlet />;
  if (themeName === 'auth') {
    return (
      <FluentProvider theme={authLightTheme} className={styles.provider}>
        <main className={styles.authMain}>
          <Outlet />
        </main>
      </FluentProvider>
    );
  }
  return (
    <div className={styles.provider}>
      <AppBar title={title} drawerOpen={drawer.open} onToggleDrawer={drawer.toggle} />
      <div className={styles.body}>
        <NavigationDrawer open={drawer.open} mobile={drawer.mobile} onClose={drawer.close} />
        <main className={styles.main}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
