import { loadRuntimeConfig, loadSessionState } from '@portal/shared';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { reportError } from './errors/reportError';
import { registerPortalRemotes } from './federation/remoteRegistry';
import { createPortalRouter } from './routes/createRouter';

// Start-up order of spec section 2: auth data first, then the router, then mount, even if the
// auth data could not be loaded. The remote map (/remotes.json) is read and registered meanwhile.
async function start(): Promise<void> {
  const [session, runtimeConfig] = await Promise.all([
    loadSessionState().catch((error: unknown) => {
      reportError(error, { phase: 'auth data' });
      return { loaded: true, isAuthenticated: false, auth: null, config: null };
    }),
    loadRuntimeConfig(),
    registerPortalRemotes(),
  ]);
  const router = createPortalRouter();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container, {
    onUncaughtError: (error) => reportError(error, { phase: 'render' }),
  }).render(<App router={router} session={session} runtimeConfig={runtimeConfig} />);
}

void start();
