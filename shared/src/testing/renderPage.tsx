import { FluentProvider } from '@fluentui/react-components';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Client } from '@urql/core';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, type NavigateFunction, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Provider as UrqlProvider } from 'urql';
import { vi } from 'vitest';
import {
  CONTRACT_VERSION,
  type ConfirmRequest,
  createI18n,
  EMPTY_RUNTIME_CONFIG,
  type IdentityApi,
  mainLightTheme,
  PortalContext,
  type PortalContextValue,
  type PortalMe,
  type PortalWorkspace,
} from '../index';
import { workspace as testWorkspace } from '../workspace/testWorkspaces';

/** A workspace as the host holds it (with its client fields). */
export function portalWorkspace(
  contractUid = 'C-1',
  currency = 'EUR',
  kind: 'STD' | 'CAB' = 'CAB',
): PortalWorkspace {
  const w = testWorkspace(contractUid, { kind });
  return {
    ...w,
    balance: { ...w.balance, currency },
    services: [{ uid: 's-1' }],
    activeEmployeeUid: w.employee[0]!.uid,
    logo: 'Wo',
  } as PortalWorkspace;
}

let currentLocation = '';
let routerNavigate: NavigateFunction | undefined;
function RouterProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  routerNavigate = useNavigate();
  return null;
}

export interface RenderOptions {
  path?: string;
  route?: string;
  isAuthenticated?: boolean;
  /** the current workspace; default one in EUR when signed in, none for a visitor */
  workspace?: PortalWorkspace | null;
  /** the urql client: a fake at the boundary (`executeQuery` / `executeMutation` / `executeSubscription`) or a real one */
  graphql?: object;
  /** the user's answer in the confirm dialog; default: confirms (and runs the action) */
  confirmAnswer?: boolean;
  /** the signed-in user (`me`); default none (a remote's own helper may choose `portalMe()`) */
  me?: PortalMe | null;
  /** the identity calls the page makes (the rest throw) */
  identity?: Partial<IdentityApi>;
}

/** A signed-in user as the host holds it. */
export function portalMe(user: Partial<PortalMe['user']> = {}): PortalMe {
  return {
    reason: null,
    user: {
      email: 'ada@example.com',
      phone: '+4915123456789',
      firstName: 'Ada',
      lastName: 'Lovelace',
      timezone: 'Europe/Berlin',
      dateFormat: 'DD.MM.YYYY',
      timeFormat: '24h',
      language: null,
      totp2faEnabled: false,
      hasUsablePassword: true,
      isBusiness: false,
      ...user,
    },
    env: { profiles: [], currentExternalIp: '192.0.2.1', unreadDirectMessages: 0 },
  } as PortalMe;
}

/**
 * Renders a page as the host would: a PortalContext, a router (the portal's `navigate` moves it,
 * and is a spy), Fluent, i18next and urql's Provider.
 */
export function renderPage(page: ReactElement, options: RenderOptions = {}) {
  const isAuthenticated = options.isAuthenticated ?? true;
  const workspace =
    options.workspace === undefined ? (isAuthenticated ? portalWorkspace() : null) : options.workspace;
  const portal = {
    contractVersion: CONTRACT_VERSION,
    session: { loaded: true, isAuthenticated, auth: null, config: null },
    identity: (options.identity ?? {}) as IdentityApi,
    runtimeConfig: EMPTY_RUNTIME_CONFIG,
    navigate: vi.fn((to: string, navOptions?: { replace?: boolean }) => routerNavigate?.(to, navOptions)),
    notify: vi.fn(),
    copy: vi.fn(async () => true),
    preferences: { timezone: 'UTC', dateFormat: 'DD.MM.YYYY', timeFormat: '24h' },
    featureFlags: {},
    graphql: (options.graphql ?? {}) as unknown as Client,
    workspace,
    workspaces: workspace ? [workspace] : [],
    workspacesStatus: isAuthenticated ? 'loaded' : 'idle',
    setWorkspace: vi.fn(() => true),
    setActiveEmployee: vi.fn(() => true),
    refetch: vi.fn(async () => {}),
    confirm: vi.fn(async (request?: ConfirmRequest) => {
      if (options.confirmAnswer === false) return false;
      return (await request?.action?.()) !== false;
    }),
    setTitle: vi.fn(),
    me: isAuthenticated ? (options.me ?? null) : null,
  } satisfies PortalContextValue;
  const user = userEvent.setup();
  const result = render(
    <I18nextProvider i18n={createI18n()}>
      <FluentProvider theme={mainLightTheme}>
        <PortalContext.Provider value={portal}>
          <UrqlProvider value={portal.graphql}>
            <MemoryRouter initialEntries={[options.path ?? '/']}>
              <Routes>
                <Route path={options.route ?? '*'} element={page} />
              </Routes>
              <RouterProbe />
            </MemoryRouter>
          </UrqlProvider>
        </PortalContext.Provider>
      </FluentProvider>
    </I18nextProvider>,
  );
  return { ...result, portal, user, location: () => currentLocation };
}

export { fakeApiClient } from './fakeApiClient';
