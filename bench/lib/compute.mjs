// Compute rows of the bench (issue 10): the Dashboard with 500 instances, first rows painted in
// Chromium, against the login page of the same run; and the `instances` query at 500 instances, p99
// on the api (autocannon), against a trivial query of the same run.
//
// The api runs from api/dist on a fresh in-memory database with the demo seed and its dev tools; a
// dev-only endpoint (`POST /_dev/compute/bench/instances`) fills demo's `webshop` workspace with
// 500 instances. The host and remotes are the bench's snapshots, served as deployed.
import autocannon from 'autocannon';
import { ALLAUTH, DEMO, startApi } from './apiServer.mjs';

export const BENCH_INSTANCES = 500;
export const WEBSHOP = '5f0c6a1e-4b7d-4c1a-9d0e-0000000c0003';
const RUNS = 5;

/** Signs a browser context in through the identity API (cookies land in the context). */
export async function signIn(context, url) {
  await context.request.get(`${url}${ALLAUTH}/auth/session`);
  const csrf = (await context.cookies(url)).find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await context.request.post(`${url}${ALLAUTH}/auth/login`, {
    data: DEMO,
    headers: { 'X-CSRFToken': csrf, Referer: `${url}/` },
  });
  if (response.status() !== 200) throw new Error(`sign-in failed: ${response.status()}`);
  // the login rotates the CSRF token
  return (await context.cookies(url)).find((c) => c.name === 'csrftoken')?.value ?? '';
}

/**
 * Loads `url` in a fresh page of `context` and answers the ms from navigation start until `ready`
 * (checked in the page on every DOM change) first held: a MutationObserver stamps it, so the figure
 * is the page's own clock, not the test's polling.
 */
async function paintTime(context, url, ready) {
  const page = await context.newPage();
  // the JavaScript the page downloads (issue 14: the Dashboard's first screen), as on the wire:
  // encoded body plus response headers of every script, counted once the network is idle
  const scripts = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script')
      scripts.push(
        request
          .sizes()
          .then((size) => ({ ...size, url: request.url() }))
          .catch(() => null),
      );
  });
  await page.addInitScript((source) => {
    const check = new Function(`return (${source})();`);
    const observer = new MutationObserver(() => {
      if (window.__benchReady === undefined && check()) {
        window.__benchReady = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true });
  }, ready.toString());
  await page.goto(url);
  await page.waitForFunction(() => window.__benchReady !== undefined, undefined, { timeout: 30_000 });
  const result = await page.evaluate(() => ({
    ms: window.__benchReady,
    rows: document.querySelectorAll('main table tbody tr').length,
  }));
  await page.waitForLoadState('networkidle');
  const sizes = (await Promise.all(scripts)).filter((size) => size !== null);
  result.js = {
    transfer: sizes.reduce((sum, size) => sum + size.responseBodySize + size.responseHeadersSize, 0),
    requests: sizes.length,
    // each script: its path and bytes on the wire, heaviest first (what to look at next)
    responses: sizes
      .map((size) => ({
        path: new URL(size.url).pathname,
        transfer: size.responseBodySize + size.responseHeadersSize,
      }))
      .sort((a, b) => b.transfer - a.transfer),
  };
  await page.close();
  return result;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function cannon({ url, cookie, csrf, body }) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${url}/api/`,
        method: 'POST',
        connections: 4,
        duration: 8,
        headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': csrf, referer: `${url}/` },
        body: JSON.stringify(body),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * @param {object} o
 * @param {import('playwright-core').Browser} o.browser
 * @param {string} o.rootDir
 * @param {string} o.hostDist the host snapshot
 * @param {Record<string, string>} o.remoteMap remote → manifest URL (the bench's snapshot servers)
 */
export async function measureCompute({ browser, rootDir, hostDist, remoteMap }) {
  return measureDashboard({ browser, rootDir, hostDist, remoteMap, runs: RUNS, apiLoad: true });
}

/**
 * The JavaScript of the signed-in Dashboard's first screen of another build of the host (the
 * one-bundle baseline, issue 14): one load after a warm-up, no api load.
 * @param {{ browser: import('playwright-core').Browser, rootDir: string, hostDist: string, remoteMap: Record<string, string> }} o
 */
export async function measureDashboardJs(o) {
  return (await measureDashboard({ ...o, runs: 1, apiLoad: false })).firstScreenJs.dashboard;
}

async function measureDashboard({ browser, rootDir, hostDist, remoteMap, runs, apiLoad }) {
  const api = await startApi({ rootDir, hostDist, remoteMap });
  try {
    const seeded = await fetch(`${api.url}/_dev/compute/bench/instances`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ contractUid: WEBSHOP, count: BENCH_INSTANCES }),
    });
    if (!seeded.ok) throw new Error(`seeding ${BENCH_INSTANCES} instances failed: ${seeded.status}`);

    // First screens, alternating so that both see the same machine load; a warm-up of each first.
    const login = [];
    const dashboard = [];
    let rows = 0;
    let js = { login: { transfer: 0, requests: 0 }, dashboard: { transfer: 0, requests: 0 } };
    for (let run = 0; run <= runs; run += 1) {
      const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const l = await paintTime(visitor, `${api.url}/auth/login`, () =>
        [...document.querySelectorAll('main h1, main h2')].some((h) => h.textContent?.trim() === 'Welcome'),
      );
      await visitor.close();
      const customer = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await signIn(customer, api.url);
      const d = await paintTime(customer, `${api.url}/workspace/${WEBSHOP}/dashboard/instances`, () =>
        [...document.querySelectorAll('main table tbody a')].some((a) => a.textContent === 'bench-001'),
      );
      await customer.close();
      if (run === 0) continue;
      login.push(l.ms);
      dashboard.push(d.ms);
      rows = d.rows;
      js = { login: l.js, dashboard: d.js };
    }

    if (!apiLoad) return { firstScreenJs: js };
    // The api: the instance list at 500 against a trivial query, same connections and duration.
    const context = await browser.newContext();
    const csrf = await signIn(context, api.url);
    const cookie = (await context.cookies(api.url)).map((c) => `${c.name}=${c.value}`).join('; ');
    await context.close();
    const listQuery = {
      query: `query ($c: String!) { instances(contractUid: $c) { uid contractUid name system
        image { uid name system kind } location { uid city country region }
        plan { uid name vcpus memoryMb diskGb transferTb } status pendingAction lastError allowedActions
        resizingTo { uid name } charges currency ipv4 ipv6 createdAt } }`,
      variables: { c: WEBSHOP },
    };
    const check = await fetch(`${api.url}/api/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, 'x-csrftoken': csrf, referer: `${api.url}/` },
      body: JSON.stringify(listQuery),
    }).then((r) => r.json());
    const listed = check?.data?.instances?.length ?? 0;
    if (listed !== BENCH_INSTANCES)
      throw new Error(`instances answered ${listed}: ${JSON.stringify(check).slice(0, 300)}`);
    const trivial = await cannon({ url: api.url, cookie, csrf, body: { query: '{ __typename }' } });
    const list = await cannon({ url: api.url, cookie, csrf, body: listQuery });
    const failed = (r) => r.errors + r.timeouts + r.non2xx;

    return {
      instances: BENCH_INSTANCES,
      runs,
      firstRows: {
        loginMs: median(login),
        dashboardMs: median(dashboard),
        ratio: median(dashboard) / median(login),
        rowsPainted: rows,
        samples: { login, dashboard },
      },
      // the last run's (a fresh context each run, so each is a cold first screen)
      firstScreenJs: js,
      api: {
        trivialP99Ms: trivial.latency.p99,
        instancesP99Ms: list.latency.p99,
        ratio: list.latency.p99 / Math.max(trivial.latency.p99, 1),
        trivialRps: trivial.requests.average,
        instancesRps: list.requests.average,
        failed: failed(trivial) + failed(list),
      },
    };
  } finally {
    await api.stop();
  }
}
