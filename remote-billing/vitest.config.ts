import { defineConfig } from 'vitest/config';

export default defineConfig({
  // generous limits: the tests wait for events, never for time, but a busy machine renders slowly
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    testTimeout: 30_000,
  },
});
