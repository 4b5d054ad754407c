import { FluentProvider } from '@fluentui/react-components';
import {
  type AuthResponseBody,
  authLightTheme,
  CONTRACT_VERSION,
  type ConfirmRequest,
  createI18n,
  EMPTY_RUNTIME_CONFIG,
  type IdentityApi,
  type IdentityConfig,
  PortalContext,
  type PortalContextValue,
  type RuntimeConfig,
} from '@portal/shared';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Client } from '@urql/core';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Provider as UrqlProvider } from 'urql';
import { vi } from 'vitest';

export type FakeIdentity = { [K in keyof IdentityApi]: ReturnType<typeof vi.fn<IdentityApi[K]>> };

/** Every identity call faked; by default each answers a plain 200. */
export function fakeIdentity(
  answers: Partial<Record<keyof IdentityApi, AuthResponseBody>> = {},
): FakeIdentity {
  const names: (keyof IdentityApi)[] = [
    'getSession',
    'logout',
    'login',
    'signup',
    'reauthenticate',
    'requestPasswordReset',
    'getPasswordReset',
    'resetPassword',
    'getEmailVerification',
    'verifyEmail',
    'resendEmailVerification',
    'verifyPhone',
    'resendPhoneVerification',
    'requestLoginCode',
    'confirmLoginCode',
    'mfaAuthenticate',
    'mfaReauthenticate',
    'providerSignup',
    'changePassword',
    'getAuthenticators',
    'getTotp',
    'activateTotp',
    'deactivateTotp',
    'getRecoveryCodes',
    'regenerateRecoveryCodes',
    'getProviderSignup',
    'getSessions',
    'endSessions',
  ];
  return Object.fromEntries(
    names.map((name) => [name, vi.fn(async () => answers[name] ?? { status: 200 })]),
  ) as unknown as FakeIdentity;
}

export const CONFIG: IdentityConfig = {
  account: { authentication_method: 'email', is_open_for_signup: true, login_by_code_enabled: true },
  socialaccount: { providers: [] },
  mfa: { supported_types: ['totp', 'recovery_codes'] },
};

/** allauth's answer while a flow waits (a 401 listing it as pending). */
export function pendingAuth(flow: string, extra: Record<string, unknown> = {}): AuthResponseBody {
  return {
    status: 401,
    data: { flows: [{ id: 'login' }, { id: flow, is_pending: true, ...extra } as never] },
    meta: { is_authenticated: false },
  };
}

let currentLocation = '';
function LocationProbe() {
  const location = useLocation();
  currentLocation = `${location.pathname}${location.search}`;
  return null;
}

export interface RenderOptions {
  path?: string;
  route?: string;
  identity?: FakeIdentity;
  auth?: AuthResponseBody | null;
  isAuthenticated?: boolean;
  config?: IdentityConfig | null;
  recaptchaSiteKey?: string | null;
  /** the rest of the deployment's runtime configuration; default: nothing configured */
  runtimeConfig?: Partial<RuntimeConfig>;
  /** the urql client, faked at the boundary (its `executeQuery` / `executeMutation`); default: none */
  graphql?: object;
}

/** Renders a page as the host would: a PortalContext with faked identity calls, a router, Fluent, i18next. */
export function renderPage(page: ReactElement, options: RenderOptions = {}) {
  const identity = options.identity ?? fakeIdentity();
  const portal = {
    contractVersion: CONTRACT_VERSION,
    session: {
      loaded: true,
      isAuthenticated: options.isAuthenticated ?? false,
      auth: options.auth ?? null,
      config: options.config === undefined ? CONFIG : options.config,
    },
    identity: identity as unknown as IdentityApi,
    runtimeConfig: {
      ...EMPTY_RUNTIME_CONFIG,
      ...options.runtimeConfig,
      recaptchaSiteKey: options.recaptchaSiteKey ?? options.runtimeConfig?.recaptchaSiteKey ?? null,
    },
    navigate: vi.fn(),
    notify: vi.fn(),
    copy: vi.fn(async () => true),
    preferences: { timezone: 'UTC', dateFormat: 'YYYY-MM-DD', timeFormat: '24h' },
    featureFlags: {},
    graphql: (options.graphql ?? {}) as unknown as Client,
    workspace: null,
    workspaces: [],
    workspacesStatus: options.isAuthenticated ? 'loaded' : 'idle',
    setWorkspace: vi.fn(() => true),
    setActiveEmployee: vi.fn(() => true),
    refetch: vi.fn(async () => {}),
    // the user confirms at once: an action runs as the host's dialog would run it
    confirm: vi.fn(async (request?: ConfirmRequest) => (await request?.action?.()) !== false),
    setTitle: vi.fn(),
    me: null,
  } satisfies PortalContextValue;
  const user = userEvent.setup();
  const result = render(
    <I18nextProvider i18n={createI18n()}>
      <FluentProvider theme={authLightTheme}>
        <PortalContext.Provider value={portal}>
          <UrqlProvider value={portal.graphql}>
            <MemoryRouter initialEntries={[options.path ?? '/']}>
              <Routes>
                <Route path={options.route ?? '*'} element={page} />
              </Routes>
              <LocationProbe />
            </MemoryRouter>
          </UrqlProvider>
        </PortalContext.Provider>
      </FluentProvider>
    </I18nextProvider>,
  );
  return { ...result, identity, portal, user, location: () => currentLocation };
}
