import { defineConfig } from 'drizzle-kit';

// Only for `drizzle-kit generate`: migrations are SQL files committed under drizzle/ and applied by
// the api on start, so no credentials are needed here.
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/db/schema.ts',
    './src/compute/tables.ts',
    './src/compute/monitoring/tables.ts',
    './src/compute/network/tables.ts',
    './src/compute/firewall/tables.ts',
    './src/compute/lifecycle/tables.ts',
    './src/compute/status/tables.ts',
    './src/ssh-keys/tables.ts',
    './src/billing/tables.ts',
    './src/support/tables.ts',
    './src/workspaces/tables.ts',
    './src/billing/payments/tables.ts',
    './src/billing/payments/vault-tables.ts',
    './src/profile/tables.ts',
    './src/jobs/tables.ts',
  ],
  out: './drizzle',
});
