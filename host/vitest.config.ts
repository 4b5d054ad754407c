import { defineConfig } from 'vitest/config';

export default defineConfig({
  define: { __PORTAL_APP__: JSON.stringify('host') },
  test: { environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], setupFiles: ['src/test/setup.ts'] },
});
