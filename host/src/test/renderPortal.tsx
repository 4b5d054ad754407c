import { type AuthResponseBody, EMPTY_RUNTIME_CONFIG } from '@portal/shared';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../App';
import { createPortalRouter } from '../routes/createRouter';
import { createSessionStore } from '../session/sessionStore';
import { session } from './authFixtures';

/** The whole host as bootstrap mounts it, on a memory router at `path`, with this session. */
export function renderPortal(path: string, auth: AuthResponseBody | null) {
  const store = createSessionStore(session(auth));
  const router = createPortalRouter(store, (routes) =>
    createMemoryRouter(routes, { initialEntries: [path] }),
  );
  const view = render(<App router={router} store={store} runtimeConfig={EMPTY_RUNTIME_CONFIG} />);
  const url = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, store, url };
}

export function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: tests reset the cookies the host reads
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}
