import { createNotificationStore, type RuntimeConfig, type SessionState } from '@portal/shared';
import { createRoot } from 'react-dom/client';
import type { DataRouter } from 'react-router';
import { App } from './App';
import { scriptAnalyticsProvider, startAnalytics } from './consent/analytics';
import { createConsentStore } from './consent/consentStore';
import { startMarketingCookies } from './consent/marketingCookies';
import { watchSignupCompletion } from './consent/signupCompletion';
import { reportError } from './errors/reportError';
import { startErrorReporting } from './errors/startErrorReporting';
import { preloadFirstPage } from './remote/lazyRemotePage';
import { createPortalRouter } from './routes/createRouter';
import { routeReady } from './routes/routeReady';
import { createSessionStore } from './session/sessionStore';
import { createDeferredWorkspaceController } from './workspace/deferredWorkspaceController';

/** What main.js (index.ts) started before the bootstrap downloaded. */
export interface StartupRequests {
  /** the session and the identity service's configuration; signed out if they could not be read */
  session: Promise<SessionState>;
  runtimeConfig: Promise<RuntimeConfig>;
  /** /remotes.json read and registered (a failure is reported, and the shell starts anyway) */
  remotesRegistered: Promise<void>;
}

// Start-up order of spec section 2: auth data first, then the router, then mount, even if the
// auth data could not be loaded (main.js started it, with /runtime-config.json and /remotes.json). The
// router's first navigation already runs the guard, so it must see the loaded session.
export async function start({
  session: sessionLoaded,
  runtimeConfig: runtimeConfigLoaded,
  remotesRegistered,
}: StartupRequests): Promise<void> {
  // Consent first: the landing's referrer is read now (whether it is a company site is decided once
  // the runtime configuration names the company domains); analytics loads only with consent.
  const consent = createConsentStore();
  const marketing = startMarketingCookies(consent);
  // the first screen's remote page starts loading once both are known, before the router's guard
  void Promise.all([sessionLoaded, remotesRegistered]).then(([loaded]) =>
    preloadFirstPage(window.location.pathname, loaded.isAuthenticated),
  );
  const [session, runtimeConfig] = await Promise.all([sessionLoaded, runtimeConfigLoaded, remotesRegistered]);
  void startErrorReporting(runtimeConfig.sentryDsn);
  marketing.setCompanyDomains(runtimeConfig.companyDomains);
  // the configured script (none: nothing loads), added only once analytics is allowed
  startAnalytics(consent, scriptAnalyticsProvider(runtimeConfig.analyticsScriptUrl));
  const store = createSessionStore(session);
  // The workspaces load as soon as someone is signed in, and the guard's step 5 waits for them,
  // so they exist before the router. The GraphQL client reads the router's location lazily.
  // The GraphQL stack and the chrome are lazy chunks (issue 14): the GraphQL stack loads once
  // someone is signed in or a page outside the sign-in pages opens, the chrome with the first
  // page that shows it; the guard decides first, and its loader waits for them after an allow.
  const notifications = createNotificationStore();
  let current: DataRouter | undefined;
  const workspaces = createDeferredWorkspaceController({
    session: store,
    load: () =>
      import('./workspace/graphqlLayer').then(({ createHostWorkspaceController }) =>
        createHostWorkspaceController({
          session: store,
          notify: notifications.notify,
          place: () => current?.state.location,
        }),
      ),
  });
  const router = createPortalRouter(store, undefined, {
    workspaces: workspaces.guard,
    flags: workspaces.flags,
    ready: routeReady(workspaces),
  });
  current = router;
  watchSignupCompletion(store, () => router.state.location.pathname, marketing.signupCompleted);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container, {
    onUncaughtError: (error) => reportError(error, { phase: 'render' }),
  }).render(
    <App
      router={router}
      store={store}
      runtimeConfig={runtimeConfig}
      consent={consent}
      workspaces={workspaces}
      notifications={notifications}
    />,
  );
}
