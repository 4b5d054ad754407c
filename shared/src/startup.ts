// `@portal/shared/startup`: the first requests of the host's start-up (spec section 2), the
// session with the identity service's configuration, and /runtime-config.json. Not a share key and
// not in the root: main.js starts them before the share scope exists, while the bootstrap and the
// shared packages download (issue 14). Stateless (fetch, sessionStorage and window events), so a
// copy bundled into main.js behaves as the root's identity client does.
export { loadSessionState } from './identity/loadSessionState';
export { loadRuntimeConfig } from './runtime/runtimeConfig';
