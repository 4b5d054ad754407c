import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // A PGlite instance takes 2-5 s to start; each test file opens one in beforeAll.
    hookTimeout: 60_000,
    testTimeout: 30_000,
  },
});
