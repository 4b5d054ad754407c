import { FluentProvider, makeStyles, tokens } from '@fluentui/react-components';
import { BREAKPOINTS, themeForPath, usePortal } from '@portal/shared';
import { type ReactNode, useContext, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { CookieConsent } from '../consent/CookieConsent';
import { CustomTitleContext } from '../portal/CustomTitleContext';
import { isGuestOnly, matchPortalRoute, type PortalRoute } from '../routes/routeTable';
import { useShellTheme } from '../theme/useShellTheme';
import { BrandBar } from './BrandBar';
import { Chrome } from './chrome';
import { PageLoadingContext } from './PageLoadingContext';
import { PageProgressBar } from './PageProgressBar';
import { usePageLoadingCounter } from './usePageLoadingCounter';

const useStyles = makeStyles({
  // Layout lives on a div inside the provider: Fluent copies the provider's classes onto the
  // mount node of every portal (menus, dialogs, toasts), where a full-height box covers the page.
  frame: { minHeight: '100vh', display: 'flex', flexDirection: 'column' },
  authMain: {
    flex: 1,
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'flex-start',
    padding: tokens.spacingVerticalXXXL,
    backgroundColor: tokens.colorNeutralBackground2,
    [`@media (max-width: ${BREAKPOINTS.sm - 0.02}px)`]: { padding: tokens.spacingHorizontalS },
  },
});

/**
 * The frame around every page. Theme by path and route meta (spec section 2); pages under /auth/
 * in the auth theme render centred without drawer and app bar, full-screen routes without any chrome; the progress
 * bar shows while a navigation or a remote page loads, except where the route hides it.
 */
export function Shell() {
  const styles = useStyles();
  const location = useLocation();
  const navigation = useNavigation();
  const { session } = usePortal();
  const route = useMatches().at(-1)?.handle as PortalRoute | undefined;
  const themeName = themeForPath(location.pathname, route?.meta.theme);
  const theme = useShellTheme(themeName);
  const pageLoading = usePageLoadingCounter();
  const custom = useContext(CustomTitleContext);
  // a page's custom title (usePortal().setTitle) holds on the path it was set on
  const { t } = useTranslation('shell');
  const routeTitle = route?.meta.title
    ? t(`routeTitles.${route.name}`, { defaultValue: route.meta.title })
    : undefined;
  const title = custom && custom.path === location.pathname ? custom.title : routeTitle;

  useEffect(() => {
    document.title = title ? `${title} · ${t('appName')}` : t('appName');
  }, [title, t]);

  // While navigating, the page being left does not decide: the one being opened does.
  const progressRoute = navigation.location ? matchPortalRoute(navigation.location.pathname)?.route : route;
  const progress = (
    <PageProgressBar
      active={(navigation.state !== 'idle' || pageLoading.loading) && !progressRoute?.meta.hideProgressBar}
    />
  );
  // Between an auth change and the navigation it causes, a signed-in user must not see a
  // sign-in page (the guard sends them on; this covers the instant before).
  const outlet = route && isGuestOnly(route) && session.isAuthenticated ? null : <Outlet />;

  let layout: ReactNode;
  if (route?.meta.fullScreen) {
    layout = outlet;
  } else if (themeName === 'auth') {
    // sign-in steps stand alone in a minimal frame (the brand bar: no chrome is downloaded on
    // the way to signing in); auth pages that ask for the app theme (2FA management of a
    // signed-in customer) keep the drawer and app bar, so the customer can go back to work
    layout = (
      <>
        <BrandBar title={title} />
        <main className={styles.authMain}>{outlet}</main>
      </>
    );
  } else {
    // the chrome is a lazy chunk, preloaded by the guard loader for the pages that show it
    layout = <Chrome title={title}>{outlet}</Chrome>;
  }
  return (
    <FluentProvider theme={theme} data-theme={themeName}>
      <PageLoadingContext.Provider value={pageLoading.track}>
        <div className={styles.frame}>
          {progress}
          {layout}
          {/* outside the layouts: every screen has it, with chrome, under /auth/ and full-screen */}
          <CookieConsent />
        </div>
      </PageLoadingContext.Provider>
    </FluentProvider>
  );
}
