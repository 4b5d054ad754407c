import { loadRuntimeConfig, loadSessionState, type SessionState } from '@portal/shared';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reportError } from './errors/reportError';
import { registerPortalRemotes } from './federation/remoteRegistry';
import { createPortalRouter } from './routes/createRouter';
import { createSessionStore } from './session/sessionStore';

const SIGNED_OUT: SessionState = { loaded: true, isAuthenticated: false, auth: null, config: null };

// Start-up order of spec section 2: auth data first, then the router, then mount, even if the
// auth data could not be loaded. /runtime-config.json and /remotes.json are read meanwhile. The
// router's first navigation already runs the guard, so it must see the loaded session.
async function start(): Promise<void> {
  const [session, runtimeConfig] = await Promise.all([
    loadSessionState().catch((error: unknown) => {
      reportError(error, { phase: 'auth data' });
      return SIGNED_OUT;
    }),
    loadRuntimeConfig(),
    registerPortalRemotes(),
  ]);
  const store = createSessionStore(session);
  const router = createPortalRouter(store);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container, {
    onUncaughtError: (error) => reportError(error, { phase: 'render' }),
  }).render(<App router={router} store={store} runtimeConfig={runtimeConfig} />);
}

void start();
