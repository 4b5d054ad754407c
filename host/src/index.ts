// The async boundary: the federation runtime negotiates shared modules (React, …) before the
// bootstrap imports them; nothing shared may be imported synchronously here.
import type { SessionState } from '@portal/shared';
import { loadRuntimeConfig, loadSessionState } from '@portal/shared/startup';
import { reportError } from './errors/reportError';
import { registerPortalRemotes } from './federation/remoteRegistry';

const SIGNED_OUT: SessionState = { loaded: true, isAuthenticated: false, auth: null, config: null };

// The bootstrap first: its shared packages (React, Fluent…) start loading, so that a page main.js
// starts loading below is handed those (registerPortalRemotes). Then the start-up's requests (the
// session, /runtime-config.json, /remotes.json and a sign-in page) go out while the bootstrap and the
// shared packages download, not once they have run (issue 14); the bootstrap waits for them (spec
// section 2: auth data before the router).
const bootstrap = import('./bootstrap');
const startup = {
  session: loadSessionState().catch((error: unknown) => {
    reportError(error, { phase: 'auth data' });
    return SIGNED_OUT;
  }),
  runtimeConfig: loadRuntimeConfig(),
  remotesRegistered: registerPortalRemotes(window.location.pathname),
};
void bootstrap.then(({ start }) => start(startup));
