/**
 * The ports of this worker's portal and of what the suites start beside it. Workers are 50 apart
 * from PORTAL_E2E_PORT (default 9280), so the suites run in parallel workers and beside a portal
 * started with `npm start`. Offsets: the api 0, the remotes 1-5, remote variants 10-13, releases
 * 15, the OIDC provider 17, the PayPal fakes 40 and 42. A function of Playwright's
 * `TEST_PARALLEL_INDEX`, so a test file may read it at load time.
 */
export function e2ePort(offset = 0): number {
  const base = Number(process.env.PORTAL_E2E_PORT || 9280);
  return base + Number(process.env.TEST_PARALLEL_INDEX ?? 0) * 50 + offset;
}
