import { defineConfig } from 'vitest/config';

// The api's tests once more on PostgreSQL 15 (issue 16): `npm test` runs this after the unit tests
// (`pnpm --filter @portal/api test:postgres`), each file on a new database of Debian's PostgreSQL
// (`PORTAL_TEST_POSTGRES=1`: `src/test/helpers.ts` `openTestDatabase`), migrated from the first
// migration, dropped at the end. Every file applies every migration; together they drive every
// repository and table through its resolvers (api/README.md, "Tests on PostgreSQL"):
const FILES = [
  // the schema the migrations build equals the Drizzle tables (the demo seed, which writes every
  // domain's rows, runs in the beforeAll of each file below: seed.test.ts is not repeated)
  'src/db/schema.test.ts',
  // identity: users (with the profile's and preferences' columns), e-mail addresses, sessions,
  // authenticators, the outbox (the allauth store)
  'src/identity/account.test.ts',
  // workspaces/repository: workspaces, balances, members, invitations, settings
  'src/workspaces/workspace-admin.test.ts',
  // billing/repository: invoices, ledger, charges; payments: intents, methods, webhooks (applied once)
  'src/billing/billing.test.ts',
  'src/billing/payments/payments.test.ts',
  // compute/repository (instances, catalogue), lifecycle with ssh-keys/repository and status/repository
  'src/compute/compute.test.ts',
  'src/compute/lifecycle/lifecycle.test.ts',
  // compute/network/repository and compute/firewall/repository; compute/monitoring/repository
  'src/compute/network/network.test.ts',
  'src/compute/monitoring/monitoring.test.ts',
  // support/repository: threads, messages, reads, attachments, full-text search
  'src/support/support.test.ts',
  // the flood guard's count (rate_limit_windows): requests counted together, windows, clients
  'src/graphql/rate-limit-store.test.ts',
];

const NODE_CONDITIONS = ['module-sync', 'node'];

export default defineConfig({
  resolve: { conditions: NODE_CONDITIONS },
  ssr: { resolve: { conditions: NODE_CONDITIONS, externalConditions: NODE_CONDITIONS } },
  test: {
    environment: 'node',
    include: FILES,
    env: { PORTAL_TEST_POSTGRES: '1' },
    // the files wait on PostgreSQL much of the time: two at once (each has a database of its own)
    maxWorkers: 2,
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
