import {
  type AuthResponseBody,
  createNotificationStore,
  EMPTY_RUNTIME_CONFIG,
  type PortalMe,
  type PortalWorkspaceFragment,
  type RuntimeConfig,
} from '@portal/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../App';
import { createPortalRouter } from '../routes/createRouter';
import { routeReady } from '../routes/routeReady';
import { createSessionStore } from '../session/sessionStore';
import { createDeferredWorkspaceController } from '../workspace/deferredWorkspaceController';
import { createWorkspaceController } from '../workspace/workspaceController';
import { session } from './authFixtures';
import { type FakeClient, fakeWorkspaceClient } from './fakeWorkspaceClient';

export interface RenderPortalOptions {
  /**
   * What `allWorkspaces` answers (a getter, so a test can change it between calls); default
   * 'unavailable' (a network error: no list, guard step 5 inert).
   */
  workspaces?: (() => PortalWorkspaceFragment[]) | 'unavailable';
  /** what `me` answers (a getter); default `meFixture()` */
  me?: () => PortalMe;
  /** the deployment's runtime configuration; default: nothing configured (`EMPTY_RUNTIME_CONFIG`) */
  runtimeConfig?: Partial<RuntimeConfig>;
}

/** The whole host as bootstrap mounts it, on a memory router at `path`, with this session. */
export function renderPortal(path: string, auth: AuthResponseBody | null, options: RenderPortalOptions = {}) {
  const store = createSessionStore(session(auth));
  const notifications = createNotificationStore();
  const clients: FakeClient[] = [];
  // as bootstrap makes it: the GraphQL stack deferred (here without a chunk to load)
  const workspaces = createDeferredWorkspaceController({
    session: store,
    load: async () =>
      createWorkspaceController({
        session: store,
        notify: notifications.notify,
        createClient: () => {
          const client = fakeWorkspaceClient(options.workspaces ?? 'unavailable', options.me);
          clients.push(client);
          return client;
        },
      }),
  });
  const router = createPortalRouter(
    store,
    (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
    { workspaces: workspaces.guard, flags: workspaces.flags, ready: routeReady(workspaces) },
  );
  const view = render(
    <App
      router={router}
      store={store}
      runtimeConfig={{ ...EMPTY_RUNTIME_CONFIG, ...options.runtimeConfig }}
      workspaces={workspaces}
      notifications={notifications}
    />,
  );
  const url = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, store, url, workspaces, notifications, clients };
}

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: tests reset the cookies the host reads
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}
