import { defineConfig } from 'vitest/config';

// Resolve packages as Node does. Vite adds the `development` condition, under which graphql 17
// resolves to its `__dev__` build, while graphql-yoga (loaded by Node itself) gets the regular
// one: two graphql modules, and "Cannot use GraphQLSchema from another module or realm".
// `module-sync` (not the bundlers' `module`) is Node's own: graphql gets its index.mjs as Node gives
// it, and packages whose `module` build is for bundlers only (the AWS SDK's extensionless ESM) their
// Node build.
const NODE_CONDITIONS = ['module-sync', 'node'];

export default defineConfig({
  resolve: { conditions: NODE_CONDITIONS },
  ssr: { resolve: { conditions: NODE_CONDITIONS, externalConditions: NODE_CONDITIONS } },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // the cluster test runs on the production build, after it (`vitest.cluster.config.ts`)
    exclude: ['src/cluster/**', '**/node_modules/**'],
    // one migrated PGlite dumped for the run; each file's database starts from it
    globalSetup: ['src/test/pglite-template.ts'],
    // a worker imports the api once for all its files, not once per file (src/test/file-reset.ts)
    isolate: false,
    setupFiles: ['src/test/file-reset.ts'],
    // Two files at once: a file spends much of its time starting PGlite and importing, and Vitest's
    // default on 2 cores is one worker (360 → 253 s here). The limits below leave the margin.
    maxWorkers: 2,
    // A PGlite instance takes 2-5 s to start; each test file opens one in beforeAll.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
