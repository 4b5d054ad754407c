import {
  CONTRACT_VERSION,
  featureFlagsOf,
  identity,
  languageOf,
  type NotificationStore,
  PortalContext,
  type PortalContextValue,
  preferencesOf,
  type RuntimeConfig,
  useConfirmHost,
  usePortalToasts,
} from '@portal/shared';
import type { Client } from '@urql/core';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataRouter } from 'react-router';
import { reportError } from '../errors/reportError';
import type { SessionStore } from '../session/sessionStore';
import { useAuthChangeEvents } from '../session/useAuthChangeEvents';
import { useSessionState } from '../session/useSessionState';
import type { HostWorkspaces } from '../workspace/deferredWorkspaceController';
import { samePageInWorkspace } from '../workspace/routePlace';
import { useWorkspaceController } from '../workspace/useWorkspaceController';
import { type CustomTitle, CustomTitleContext } from './CustomTitleContext';
import { useAccountLanguage } from './useAccountLanguage';

/**
 * `usePortal().graphql` before the GraphQL stack has loaded (a visitor on a sign-in page, whose
 * pages do not query the api): any use says why instead of failing somewhere inside urql.
 */
const NO_CLIENT = new Proxy({} as Client, {
  get(_target, property) {
    if (typeof property === 'symbol' || property === 'then') return undefined;
    throw new Error('The GraphQL client loads once someone is signed in or a page outside /auth/ opens');
  },
});

/**
 * Provides the host–remote contract to every page. The session comes from the host's store, fed
 * by every auth-change event; each event also moves the user where its outcome says. The
 * workspaces and the GraphQL client come from the workspace controller (also as urql's
 * `<Provider>`, for the hooks of remote pages). One notification list (made in bootstrap, shared
 * with the GraphQL client and the guard) feeds the one toaster; one confirm dialog answers
 * `confirm`.
 */
export function PortalProvider({
  router,
  store,
  workspaces: controller,
  notifications,
  runtimeConfig,
  children,
}: {
  router: DataRouter;
  store: SessionStore;
  workspaces: HostWorkspaces;
  /** the one notification list, shared with the GraphQL client and the guard */
  notifications: NotificationStore;
  runtimeConfig: RuntimeConfig;
  children: ReactNode;
}) {
  const { notify, copy, toaster } = usePortalToasts(notifications);
  const { confirm, confirmHost } = useConfirmHost();
  const [customTitle, setCustomTitle] = useState<CustomTitle | null>(null);
  const { workspaces, me, client } = useWorkspaceController(controller);
  const GraphqlProvider = controller.graphqlProvider();
  const { t, i18n } = useTranslation('shell');
  useAccountLanguage(i18n, me.me);
  const language = languageOf(i18n.language) ?? 'en';
  const session = useSessionState(store);
  const onError = useCallback(
    (error: Error) => {
      reportError(error, { phase: 'auth change' });
      notify({ type: 'error', message: t('errors.unknownFlow') });
    },
    [notify, t],
  );
  useAuthChangeEvents({ store, router, onError });
  const value = useMemo<PortalContextValue>(
    () => ({
      contractVersion: CONTRACT_VERSION,
      session,
      identity,
      runtimeConfig,
      navigate: (to, options) => void router.navigate(to, options),
      notify,
      copy,
      // a user without a date format gets the language's default
      preferences: preferencesOf(me.me, language),
      featureFlags: featureFlagsOf(me.me),
      me: me.me,
      // no client on the sign-in pages of a visitor (the GraphQL stack is not loaded there)
      graphql: client ?? NO_CLIENT,
      workspace: workspaces.current,
      workspaces: workspaces.workspaces,
      workspacesStatus: workspaces.status,
      setWorkspace: (contractUid) => {
        if (!controller.store.setWorkspace(contractUid)) return false;
        // on a workspace page the URL follows: same page, the new contractUid (survives a reload)
        const to = samePageInWorkspace(router.state.location, contractUid);
        if (to) void router.navigate(to);
        return true;
      },
      setActiveEmployee: controller.store.setActiveEmployee,
      refetch: controller.store.refetch,
      confirm,
      // bound to the path it is set on, so leaving the page drops it without a clean-up
      setTitle: (title) =>
        setCustomTitle(title === null ? null : { path: router.state.location.pathname, title }),
    }),
    [confirm, notify, copy, router, session, runtimeConfig, client, workspaces, me, controller, language],
  );
  return (
    <PortalContext.Provider value={value}>
      <CustomTitleContext.Provider value={customTitle}>
        {GraphqlProvider && client ? <GraphqlProvider value={client}>{children}</GraphqlProvider> : children}
        {toaster}
        {confirmHost}
      </CustomTitleContext.Provider>
    </PortalContext.Provider>
  );
}
