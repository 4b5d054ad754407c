import { defineConfig } from 'vitest/config';

// TEMP experiment knobs (to be removed)
const E = process.env;
const optimize = E.XOPT === '1';
export default defineConfig({
  test: {
    environment: (E.XENV as 'jsdom') ?? 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    ...(E.XPOOL ? { pool: E.XPOOL as 'threads' } : {}),
    ...(E.XISO ? { isolate: E.XISO === '1' } : {}),
    ...(E.XWORK ? { maxWorkers: Number(E.XWORK) } : {}),
    ...(optimize
      ? {
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: (E.XINC ?? '@fluentui/react-components,@fluentui/react-icons').split(','),
              },
            },
          },
        }
      : {}),
  },
});
