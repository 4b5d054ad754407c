import { FluentProvider, tokens } from '@fluentui/react-components';
import {
  type ComponentType,
  type ReactNode,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, Outlet, RouterProvider, useNavigate } from 'react-router';
import { Provider as UrqlProvider } from 'urql';
import { PortalContext, type PortalContextValue, type SessionState } from '../contract/PortalContext';
import { CONTRACT_VERSION } from '../contract/version';
import { createPortalClient } from '../graphql/createPortalClient';
import { createSubscriptionTransport, fetchWsaToken } from '../graphql/subscriptionTransport';
import { createI18n } from '../i18n/i18n';
import { identity } from '../identity/api';
import { loadSessionState } from '../identity/loadSessionState';
import { createMeStore } from '../me/meStore';
import { featureFlagsOf, preferencesOf } from '../me/userSettings';
import { loadRuntimeConfig, type RuntimeConfig } from '../runtime/runtimeConfig';
import { useColorScheme, useDocumentTheme } from '../theme/colorScheme';
import { themeFor } from '../theme/themes';
import { createNotificationStore } from '../ui/notificationStore';
import { useConfirmHost } from '../ui/useConfirmHost';
import { usePortalToasts } from '../ui/usePortalToasts';
import { createWorkspaceStore } from '../workspace/workspaceStore';

export interface DevShellRoute {
  path: string;
  Component: ComponentType;
}

/**
 * A small stand-alone shell in which one remote runs on its own against the api
 * (`pnpm --filter @portal/remote-x dev`): the real identity session, a router, Fluent and the
 * portal contract, without the host. Not shipped in any production build.
 */
export async function mountDevShell(remote: string, routes: DevShellRoute[]): Promise<void> {
  const [session, runtimeConfig] = await Promise.all([loadSessionState(), loadRuntimeConfig()]);
  const i18n = createI18n();
  const router = createBrowserRouter([
    {
      element: <DevFrame remote={remote} routes={routes} session={session} runtimeConfig={runtimeConfig} />,
      children: routes.map(({ path, Component }) => ({ path, Component })),
    },
  ]);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  createRoot(container).render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

function DevFrame(props: {
  remote: string;
  routes: DevShellRoute[];
  session: SessionState;
  runtimeConfig: RuntimeConfig;
}): ReactNode {
  const navigate = useNavigate();
  const { i18n } = useTranslation();
  // one notification list for the toaster and the GraphQL client, as in the host
  const [notifications] = useState(createNotificationStore);
  const { notify, copy, toaster } = usePortalToasts(notifications);
  const { confirm, confirmHost } = useConfirmHost();
  const [title, setTitle] = useState<string | null>(null);
  // the host's colour scheme (System / Light / Dark, as chosen in the host's user menu)
  const { scheme } = useColorScheme();
  const theme = themeFor('app', scheme);
  useDocumentTheme(theme, scheme);
  // the real GraphQL client (subscriptions over /ws/api/ too), workspace state and user; on a
  // session error the dev shell just re-checks the session
  const [graphql] = useState(() => {
    const transport = createSubscriptionTransport({ fetchToken: () => fetchWsaToken(client) });
    const client = createPortalClient({
      forwardSubscription: transport.forwardSubscription,
      currentRouteRequiresAuth: () => props.session.isAuthenticated,
      saveBeforeExpiryPath: () => {},
      checkSession: () => void identity.getSession(),
      notify: notifications.notify,
      networkErrorMessage: (detail) => i18n.t('errors.network', { ns: 'common', detail }),
    });
    return client;
  });
  const [workspaceStore] = useState(() => createWorkspaceStore({ client: () => graphql }));
  const [meStore] = useState(() => createMeStore({ client: () => graphql }));
  const workspaces = useSyncExternalStore(workspaceStore.subscribe, workspaceStore.getState);
  const { me } = useSyncExternalStore(meStore.subscribe, meStore.getState);
  useEffect(() => {
    if (props.session.isAuthenticated) {
      void workspaceStore.load();
      void meStore.load();
    }
    return () => {
      workspaceStore.clear();
      meStore.clear();
    };
  }, [workspaceStore, meStore, props.session.isAuthenticated]);
  const portal = useMemo<PortalContextValue>(
    () => ({
      contractVersion: CONTRACT_VERSION,
      session: props.session,
      identity,
      runtimeConfig: props.runtimeConfig,
      navigate: (to, options) => navigate(to, options),
      notify,
      copy,
      preferences: preferencesOf(me),
      featureFlags: featureFlagsOf(me),
      me,
      graphql,
      workspace: workspaces.current,
      workspaces: workspaces.workspaces,
      workspacesStatus: workspaces.status,
      setWorkspace: workspaceStore.setWorkspace,
      setActiveEmployee: workspaceStore.setActiveEmployee,
      refetch: workspaceStore.refetch,
      confirm,
      setTitle,
    }),
    [
      confirm,
      notify,
      copy,
      navigate,
      props.session,
      props.runtimeConfig,
      graphql,
      workspaces,
      workspaceStore,
      me,
    ],
  );
  return (
    <FluentProvider theme={theme}>
      <PortalContext.Provider value={portal}>
        <UrqlProvider value={graphql}>
          <header style={{ padding: 8, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` }}>
            <strong>remote-{props.remote} (stand-alone)</strong> {title ? <em>{title}</em> : null}{' '}
            {props.routes.map((r) => (
              <Link
                key={r.path}
                to={r.path.replace(/:(\w+)\?/g, '').replace(/:(\w+)/g, 'demo')}
                style={{ marginLeft: 12 }}
              >
                {r.path}
              </Link>
            ))}
          </header>
          <main>
            <Outlet />
          </main>
          {toaster}
          {confirmHost}
        </UrqlProvider>
      </PortalContext.Provider>
    </FluentProvider>
  );
}
