// The dependency rules `npm test` enforces (`pnpm run deps`): no import cycle, type-only imports
// included; the api's shared layers name no domain; a domain reaches another only through that
// domain's index.ts, and a domain's module.ts only through the module list; the host and the
// remotes share through @portal/shared and never import each other.

/** the api's domains: folders of one domain (sso is identity's single sign-on) */
const DOMAINS = {
  identity: ['identity', 'sso'],
  workspaces: ['workspaces'],
  invitations: ['invitations'],
  me: ['me'],
  profile: ['profile'],
  'ssh-keys': ['ssh-keys'],
  billing: ['billing'],
  compute: ['compute'],
  support: ['support'],
};
const folders = (names) => `^api/src/(${names.join('|')})/`;
const ALL_DOMAINS = folders(Object.values(DOMAINS).flat());
/** tests wire the whole app together on purpose */
const API_TESTS = ['\\.test\\.ts$', '^api/src/test/'];

/** one rule per domain, so the message names the domain whose internals are reached */
const domainRules = Object.entries(DOMAINS).map(([domain, own]) => ({
  name: `${domain}-imports-internals`,
  severity: 'error',
  comment: `${domain} imports another domain's file other than its index.ts (its public surface): import it from '<domain>/index.js', or export it there`,
  from: { path: folders(own), pathNot: API_TESTS },
  to: {
    path: ALL_DOMAINS,
    pathNot: [folders(own), `${ALL_DOMAINS}index\\.ts$`],
  },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'this import closes a cycle (type-only imports count: a cycle of types is still two files that can only be read together); move what both need to a third file',
      from: {},
      to: { circular: true },
    },
    {
      name: 'api-layer-imports-domain',
      severity: 'error',
      comment:
        "api/src/graphql, db and http are the domains' common ground and name no domain: let the domain's module register itself with them instead",
      from: { path: '^api/src/(graphql|db|http)/', pathNot: API_TESTS },
      to: { path: ALL_DOMAINS },
    },
    ...domainRules,
    {
      name: 'module-outside-module-list',
      severity: 'error',
      comment: "a domain's module.ts is registered by api/src/modules.ts (and app.ts) only",
      from: { path: '^api/src/', pathNot: ['^api/src/(modules|app)\\.ts$', ...API_TESTS] },
      to: { path: `${ALL_DOMAINS}module\\.ts$` },
    },
    {
      name: 'remote-imports-remote-or-host',
      severity: 'error',
      comment:
        'a remote is built and released alone: it shares with the host and the other remotes through @portal/shared only',
      from: { path: '^remote-([^/]+)/' },
      to: {
        path: '^(host/|remote-[^/]+/|@portal/(host|remote-))',
        pathNot: ['^remote-$1/', '^@portal/remote-$1$'],
      },
    },
    {
      name: 'host-imports-remote',
      severity: 'error',
      comment:
        'the host loads remotes at run time (module federation) and shares with them through @portal/shared only',
      from: { path: '^host/' },
      to: { path: '^(remote-[^/]+/|@portal/remote-)' },
    },
  ],
  options: {
    // type-only imports are dependencies too (TypeScript's own parser, pre-compilation)
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // the sources, and the host or a remote by package name (not a dependency: it does not resolve)
    includeOnly: ['^(api|host|shared|remote-[^/]+)/src/', '^@portal/(host|remote-)'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
