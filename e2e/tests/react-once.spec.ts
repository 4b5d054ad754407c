import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';

// The suite is about loading remotes, not signing in: each test starts signed in.
test.use({ account: DEMO_ACCOUNT });

// React must be loaded exactly once across host and remotes: count the responses that carry React
// and react-dom (recognised by the license banners the production build keeps).
test('React and react-dom arrive exactly once across host and every remote @auth @workspace @billing @compute @support @shell', async ({
  page,
}) => {
  const bodies: { url: string; body: string }[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push({ url: response.url(), body: await response.text().catch(() => '') });
  });

  // one page of each remote, through the host's router
  await page.goto('/workspace/C-1/dashboard');
  await expect(page.getByRole('tab', { name: 'Instances' })).toBeVisible();
  // each page settles first: Profile and Billing put their default tab in the URL (a replace),
  // which must not land after the next push
  for (const [path, heading, settled] of [
    ['/support', 'Support', /\/support$/],
    ['/profile', 'Profile', /\/profile\/profile$/],
    ['/workspace/C-1/billing', 'Billing', /\/billing\/invoices$/],
    ['/auth/2fa', 'Two-factor authentication', /\/auth\/2fa$/],
  ] as const) {
    // A synthetic history entry (no index of the router's own) that a busy page can let pass
    // unhandled: CI once stayed on Profile after the push to Billing, with no request for the
    // billing remote. Pushed again until the page shows; it is the page load being counted, not
    // this way of navigating.
    await expect(async () => {
      if (!settled.test(page.url()))
        await page.evaluate((to) => {
          window.history.pushState({}, '', to);
          window.dispatchEvent(new PopStateEvent('popstate'));
        }, path);
      await expect(page.getByRole('heading', { name: heading })).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page).toHaveURL(settled);
  }
  await page.waitForLoadState('networkidle');

  const carrying = (marker: string) => bodies.filter((b) => b.body.includes(marker)).map((b) => b.url);
  expect(bodies.length).toBeGreaterThan(5);
  expect(carrying('react.production.js')).toHaveLength(1);
  expect(carrying('react-dom-client.production.js')).toHaveLength(1);
  // and the scripts came from more than one origin: host and remotes really were involved
  expect(new Set(bodies.map((b) => new URL(b.url).port)).size).toBeGreaterThanOrEqual(5);
});

// What a customer downloads: every content-hashed script of host and remotes comes compressed (the
// build's precompressed twins, chosen by Accept-Encoding), and caches are told it varies by it.
test('scripts of host and remotes arrive precompressed, with nosniff, readable by the portal only @compute @shell', async ({
  page,
}) => {
  const scripts: { url: string; encoding?: string; vary?: string; nosniff?: string }[] = [];
  const corsOfRemotes: (string | undefined)[] = [];
  page.on('response', async (response) => {
    const headers = await response.allHeaders();
    if (new URL(response.url()).port !== new URL(page.url()).port) {
      corsOfRemotes.push(headers['access-control-allow-origin']);
    }
    if (response.request().resourceType() !== 'script') return;
    scripts.push({
      url: response.url(),
      encoding: headers['content-encoding'],
      vary: headers.vary,
      nosniff: headers['x-content-type-options'],
    });
  });
  await page.goto('/workspace/C-1/dashboard');
  await expect(page.getByRole('tab', { name: 'Instances' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(new Set(scripts.map((s) => new URL(s.url).port)).size).toBeGreaterThanOrEqual(2);
  const plain = scripts.filter((s) => !['br', 'gzip'].includes(s.encoding ?? ''));
  // only files below the 1 kB threshold may come as they are
  for (const s of plain) {
    const length = Number((await page.request.get(s.url)).headers()['content-length'] ?? 0);
    expect(length, s.url).toBeLessThan(1024);
  }
  expect(scripts.filter((s) => s.encoding).length).toBeGreaterThan(5);
  for (const s of scripts.filter((s) => s.encoding)) expect(s.vary, s.url).toMatch(/accept-encoding/i);
  // and served safely: never sniffed as another type; a remote's files readable by the portal only
  const portal = new URL(page.url()).origin;
  for (const s of scripts) expect(s.nosniff, s.url).toBe('nosniff');
  // (CORS answers go to the manifests' fetches; plain script tags send no Origin)
  expect(corsOfRemotes).toContain(portal);
  for (const cors of corsOfRemotes) expect([undefined, portal]).toContain(cors);
});
