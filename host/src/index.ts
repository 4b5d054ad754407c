// The async boundary: the federation runtime negotiates shared modules (React, …) before the
// bootstrap imports them; nothing shared may be imported synchronously here.
import { registerPortalRemotes } from './federation/remoteRegistry';

// The remote map is read (and a sign-in page's remote fetched) while the bootstrap and the shared
// packages download, not once they have run (issue 14).
const remotesRegistered = registerPortalRemotes(window.location.pathname);
void import('./bootstrap').then(({ start }) => start(remotesRegistered));
