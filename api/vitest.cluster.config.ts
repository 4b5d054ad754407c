import { defineConfig } from 'vitest/config';

// The cluster test (src/cluster/): PostgreSQL, three api processes of api/dist and HAProxy, so it runs
// after the production build (`npm test`'s step after `build`; `pnpm --filter @portal/api test:cluster`).
// Node's conditions, as vitest.config.ts explains.
const NODE_CONDITIONS = ['module-sync', 'node'];

export default defineConfig({
  resolve: { conditions: NODE_CONDITIONS },
  ssr: { resolve: { conditions: NODE_CONDITIONS, externalConditions: NODE_CONDITIONS } },
  test: {
    environment: 'node',
    include: ['src/cluster/**/*.test.ts'],
    // one cluster for the file, started in beforeAll
    hookTimeout: 180_000,
    testTimeout: 60_000,
  },
});
