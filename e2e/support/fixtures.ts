import { test as base, expect } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USER, NOWS_USER, signInByApi } from './identity';
import { REMOTES } from './paths';
import { connectToDeployment, NOT_ON_DEPLOYMENT, type Portal, startPortal } from './portal';
import { e2ePort } from './ports';
import { remoteTagsOf } from './remoteTags';

export interface Account {
  email: string;
  password: string;
}
export const DEMO_ACCOUNT: Account = { email: DEMO_USER, password: DEMO_PASSWORD };
/** A customer without any workspace: Home stays the Welcome screen for them. */
export const NO_WORKSPACE_ACCOUNT: Account = { email: NOWS_USER, password: DEMO_PASSWORD };

/**
 * `portal`: one running portal per worker, on the worker's ports (support/ports.ts); a file that
 * sets `portalEnv` (extra api environment) gets a portal of its own. A test that repoints a remote gets the original map back
 * when it ends.
 *
 * `account`: set it (`test.use({ account: DEMO_ACCOUNT })`) and each test's browser context starts
 * signed in through the identity API, for suites whose subject is not signing in.
 */
/**
 * What a suite needs beyond a portal: `devTools` (the api's `/_dev/...` endpoints), `privatePortal`
 * (a portal of this run: it serves or repoints remote builds). Against a deployment without them
 * (`E2E_BASE_URL`) the tests are skipped with the reason; a file's own `portalEnv` (other than the
 * isolating `PORTAL_E2E_SUITE`) also needs a private portal.
 */
export type Need = 'devTools' | 'privatePortal';

/** `E2E_BASE_URL`: run against that running deployment instead of starting a portal. */
const DEPLOYMENT_URL = process.env.E2E_BASE_URL;

export const test = base.extend<
  {
    baseURL: string;
    restoreRemotes: undefined;
    account: Account | null;
    signIn: undefined;
    needs: Need[];
    requirements: undefined;
    remoteAudit: undefined;
  },
  { portal: Portal; portalEnv: Record<string, string> }
>({
  portalEnv: [{}, { scope: 'worker', option: true }],
  portal: [
    async ({ portalEnv }, use) => {
      if (DEPLOYMENT_URL) {
        await use(await connectToDeployment(DEPLOYMENT_URL));
        return;
      }
      const portal = await startPortal({
        basePort: e2ePort(),
        env: portalEnv,
      });
      await use(portal);
      await portal.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
  needs: [[], { option: true }],
  requirements: [
    async ({ portal, portalEnv, needs }, use, testInfo) => {
      if (portal.deployment) {
        const env = Object.keys(portalEnv).filter((name) => name !== 'PORTAL_E2E_SUITE');
        testInfo.skip(
          env.length > 0,
          `needs a portal of its own started with ${env.join(', ')}: skipped against E2E_BASE_URL`,
        );
        testInfo.skip(needs.includes('privatePortal'), NOT_ON_DEPLOYMENT);
        testInfo.skip(
          needs.includes('devTools') && !portal.devTools,
          `needs the api's development tools (/_dev/...), which ${portal.url} does not have`,
        );
      }
      await use(undefined);
    },
    { auto: true },
  ],
  // which remotes the test's pages loaded, against the remotes its tags name: a report annotation,
  // and a failure with E2E_TAG_AUDIT=1 (the tags must name every remote a test crosses)
  remoteAudit: [
    async ({ context, portal }, use, testInfo) => {
      const urls = new Set<string>();
      context.on('request', (request) => {
        urls.add(request.url());
      });
      const maps = [{ ...portal.remotes }];
      await use(undefined);
      maps.push({ ...portal.remotes });
      const loaded = REMOTES.filter((remote) =>
        maps.some((map) => {
          const base = map[remote]?.replace(/mf-manifest\.json$/, '');
          return base && [...urls].some((url) => url.startsWith(base));
        }),
      );
      const tags = remoteTagsOf(testInfo.tags);
      const missing = loaded.filter((remote) => !tags.includes(`@${remote}`));
      testInfo.annotations.push({ type: 'remotes loaded', description: loaded.join(', ') || 'none' });
      if (missing.length && process.env.E2E_TAG_AUDIT) {
        throw new Error(
          `the test loaded ${missing.join(', ')} but is not tagged ${missing.map((r) => `@${r}`).join(' ')}`,
        );
      }
    },
    { auto: true },
  ],
  account: [null, { option: true }],
  signIn: [
    async ({ account, page, portal, requirements: _ }, use) => {
      if (account) await signInByApi(page, portal.url, account.email, account.password);
      await use(undefined);
    },
    { auto: true },
  ],
  restoreRemotes: [
    async ({ portal }, use) => {
      if (portal.deployment) return use(undefined);
      const original = { ...portal.remotes };
      await use(undefined);
      for (const remote of REMOTES) portal.setRemote(remote, original[remote]);
    },
    { auto: true },
  ],
});

export { expect };
