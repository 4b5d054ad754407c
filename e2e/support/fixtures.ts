import { test as base, expect } from '@playwright/test';
import { REMOTES } from './paths';
import { type Portal, startPortal } from './portal';

/**
 * `portal`: one running portal per worker, on ports from PORTAL_E2E_PORT (default 9280) so the
 * suites run beside a portal started with `npm start`. A test that repoints a remote gets the
 * original map back when it ends.
 */
export const test = base.extend<{ baseURL: string; restoreRemotes: undefined }, { portal: Portal }>({
  portal: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies by destructuring
    async ({}, use) => {
      const portal = await startPortal({ basePort: Number(process.env.PORTAL_E2E_PORT ?? 9280) });
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
  restoreRemotes: [
    async ({ portal }, use) => {
      const original = { ...portal.remotes };
      await use(undefined);
      for (const remote of REMOTES) portal.setRemote(remote, original[remote]);
    },
    { auto: true },
  ],
});

export { expect };
