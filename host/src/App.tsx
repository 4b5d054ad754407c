import { FluentProvider } from '@fluentui/react-components';
import { type RuntimeConfig, usePortalTheme } from '@portal/shared';
import { I18nextProvider } from 'react-i18next';
import { type DataRouter, RouterProvider } from 'react-router';
import { ConsentContext } from './consent/ConsentContext';
import type { ConsentStore } from './consent/consentStore';
import { i18n } from './portal/i18n';
import { PortalProvider } from './portal/PortalProvider';
import type { SessionStore } from './session/sessionStore';
import type { HostWorkspaces } from './workspace/deferredWorkspaceController';

export function App({
  router,
  store,
  runtimeConfig,
  consent,
  workspaces,
  notifications,
}: {
  router: DataRouter;
  store: SessionStore;
  runtimeConfig: RuntimeConfig;
  /** the workspaces and GraphQL client (the same controller feeds the router's guard) */
  workspaces: HostWorkspaces;
  /** the one notification list, shared with code outside React (GraphQL client, guard) */
  notifications: Parameters<typeof PortalProvider>[0]['notifications'];
  /** default: a store over this browser's local storage */
  consent?: ConsentStore | undefined;
}) {
  const theme = usePortalTheme('app');
  return (
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={theme}>
        <ConsentContext.Provider value={consent ?? null}>
          <PortalProvider
            router={router}
            store={store}
            workspaces={workspaces}
            notifications={notifications}
            runtimeConfig={runtimeConfig}
          >
            <RouterProvider router={router} />
          </PortalProvider>
        </ConsentContext.Provider>
      </FluentProvider>
    </I18nextProvider>
  );
}
