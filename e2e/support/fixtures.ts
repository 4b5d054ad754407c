import { test as base, expect } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USER, NOWS_USER, signInByApi } from './identity';
import { REMOTES } from './paths';
import { type Portal, startPortal } from './portal';

export interface Account {
  email: string;
  password: string;
}
export const DEMO_ACCOUNT: Account = { email: DEMO_USER, password: DEMO_PASSWORD };
/** A customer without any workspace: Home stays the Welcome screen for them. */
export const NO_WORKSPACE_ACCOUNT: Account = { email: NOWS_USER, password: DEMO_PASSWORD };

/**
 * `portal`: one running portal per worker, on ports from PORTAL_E2E_PORT (default 9280) so the
 * suites run beside a portal started with `npm start`; a file that sets `portalEnv` (extra api
 * environment) gets a portal of its own. A test that repoints a remote gets the original map back
 * when it ends.
 *
 * `account`: set it (`test.use({ account: DEMO_ACCOUNT })`) and each test's browser context starts
 * signed in through the identity API, for suites whose subject is not signing in.
 */
export const test = base.extend<
  { baseURL: string; restoreRemotes: undefined; account: Account | null; signIn: undefined },
  { portal: Portal; portalEnv: Record<string, string> }
>({
  portalEnv: [{}, { scope: 'worker', option: true }],
  portal: [
    async ({ portalEnv }, use) => {
      const portal = await startPortal({
        basePort: Number(process.env.PORTAL_E2E_PORT ?? 9280),
        env: portalEnv,
      });
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
  account: [null, { option: true }],
  signIn: [
    async ({ account, page, portal }, use) => {
      if (account) await signInByApi(page, portal.url, account.email, account.password);
      await use(undefined);
    },
    { auto: true },
  ],
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
