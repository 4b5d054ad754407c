// Time and memory under throttling (issue 14), federated build against the monolith in the same
// run and the same browser: login form interactive, Dashboard rows painted after sign-in, and the
// JS heap after a forced GC on that Dashboard. 4x CPU slowdown, 1.6 Mbit/s down, 750 kbit/s up,
// 150 ms RTT, cache disabled, a fresh context per load; median of 5.
//
// Both builds are served by the api (api/dist, in-memory PGlite, demo seed, 500 instances in demo's
// Bright Webshop): the federated host with `/remotes.json` pointing at the bench's remote snapshot
// servers, the monolith with dummy URLs it never fetches (the api refuses an empty map; the
// monolith's registerRemotes does nothing and every page is in its own bundle). Two api processes of
// the same build and seed, so each host is same-origin with its api, as `npm start` serves it.
import { startApi } from './apiServer.mjs';
import { BENCH_INSTANCES, signIn, WEBSHOP } from './compute.mjs';

export const THROTTLING = {
  cpuRate: 4,
  downloadBitsPerSecond: 1_600_000,
  uploadBitsPerSecond: 750_000,
  rttMs: 150,
};
// 5, not 3: with 3 the login ratio moved 1.14-1.25x between runs of the same bytes on this machine
export const THROTTLED_RUNS = 5;
const TIMEOUT_MS = Number(process.env.BENCH_THROTTLED_TIMEOUT_MS ?? 120_000);

/**
 * Login form interactive, checked in the page on every DOM change (MutationObserver, attributes
 * included): the e-mail field of the login form inside <main> is connected, rendered
 * (`checkVisibility()`: not display:none / visibility:hidden, with a box), not disabled or
 * read-only, and React has attached to it: the field carries React's props with an `onChange`
 * handler and its form React's props with an `onSubmit` handler. React sets those props on a DOM
 * node when it creates it, and its root listens to every event before the first render, so from
 * this moment a typed character reaches the form's state and the submit button submits.
 */
export function loginInteractive() {
  const input = document.querySelector('main form input[type="email"]');
  if (!input?.isConnected || input.disabled || input.readOnly) return false;
  if (!input.checkVisibility({ visibilityProperty: true })) return false;
  const box = input.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return false;
  const reactProps = (el) => {
    const key = el && Object.keys(el).find((k) => k.startsWith('__reactProps$'));
    return key ? el[key] : null;
  };
  return (
    typeof reactProps(input)?.onChange === 'function' &&
    typeof reactProps(input.form)?.onSubmit === 'function'
  );
}

/** The Dashboard's first instance rows painted: as the compute section, the first row's link. */
export function dashboardRowsPainted() {
  return [...document.querySelectorAll('main table tbody a')].some((a) => a.textContent === 'bench-001');
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * Loads `url` in a fresh page of `context` (throttled unless `throttle` is false) and answers the
 * ms from navigation start until `ready` first held, stamped by the page itself
 * (`performance.now()`, whose origin is the navigation start).
 * @param {import('playwright-core').BrowserContext} context
 */
async function load(context, url, ready, { throttle = true, after } = {}) {
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (e) => pageErrors.push(String(e?.message ?? e)));
  const consoleErrors = [];
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text().slice(0, 300));
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttle) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLING.rttMs,
      downloadThroughput: THROTTLING.downloadBitsPerSecond / 8,
      uploadThroughput: THROTTLING.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuRate });
  }
  await page.addInitScript((source) => {
    const check = new Function(`return (${source})();`);
    const observer = new MutationObserver(() => {
      if (window.__benchReady === undefined && check()) {
        window.__benchReady = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  }, ready.toString());
  try {
    await page.goto(url, { timeout: TIMEOUT_MS });
    await page
      .waitForFunction(() => window.__benchReady !== undefined, undefined, { timeout: TIMEOUT_MS })
      .catch(async (error) => {
        const shown = await page
          .evaluate(() => (document.querySelector('main') ?? document.body)?.textContent?.slice(0, 300))
          .catch(() => '');
        throw new Error(
          `${url}: not ready after ${TIMEOUT_MS / 1000} s (at ${page.url()}, showing ${JSON.stringify(shown)}; page errors: ${pageErrors.join(' | ') || 'none'}; console errors: ${consoleErrors.join(' | ') || 'none'})`,
          { cause: error },
        );
      });
    const ms = await page.evaluate(() => window.__benchReady);
    const extra = after ? await after(page, cdp) : {};
    return { ms, pageErrors, ...extra };
  } finally {
    await page.close().catch(() => {});
  }
}

/** Once the rows are painted: the network idle (500 ms without a request), a forced GC, the heap. */
async function heapAfterGc(page, cdp) {
  const idle = await page
    .waitForLoadState('networkidle', { timeout: TIMEOUT_MS })
    .then(() => true)
    .catch(() => false);
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize, totalSize } = await cdp.send('Runtime.getHeapUsage');
  const rows = await page.evaluate(() => document.querySelectorAll('main table tbody tr').length);
  return { heapUsed: usedSize, heapTotal: totalSize, idle, rows };
}

/** Types one character into the e-mail field: React's state must keep it (a controlled input). */
async function typedCharacterKept(page) {
  try {
    const field = page.locator('main form input[type="email"]');
    await field.fill('', { timeout: 10_000 });
    await field.pressSequentially('a', { timeout: 10_000 });
    await page.waitForFunction(
      () => document.querySelector('main form input[type="email"]')?.value === 'a',
      undefined,
      { timeout: 10_000 },
    );
    return { typed: true };
  } catch {
    return { typed: false };
  }
}

/**
 * @param {object} o
 * @param {import('playwright-core').Browser} o.browser
 * @param {string} o.rootDir
 * @param {{ federated: { hostDist: string, remoteMap: Record<string, string> }, monolith: { hostDist: string, remoteMap: Record<string, string> } }} o.builds
 *   the monolith's map: URLs it never fetches (the api refuses an empty map)
 * @param {(msg: string) => void} [o.log]
 * @param {number} [o.runs]
 */
export async function measureThrottled({ browser, rootDir, builds, log = () => {}, runs = THROTTLED_RUNS }) {
  const apis = {};
  try {
    const [federated, monolith] = await Promise.all([
      startApi({ rootDir, hostDist: builds.federated.hostDist, remoteMap: builds.federated.remoteMap }),
      startApi({ rootDir, hostDist: builds.monolith.hostDist, remoteMap: builds.monolith.remoteMap }),
    ]);
    apis.federated = federated;
    apis.monolith = monolith;
    for (const api of Object.values(apis)) {
      const seeded = await fetch(`${api.url}/_dev/compute/bench/instances`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contractUid: WEBSHOP, count: BENCH_INSTANCES }),
      });
      if (!seeded.ok) throw new Error(`seeding ${BENCH_INSTANCES} instances failed: ${seeded.status}`);
    }
    const dashboardPath = `/workspace/${WEBSHOP}/dashboard/instances`;
    const dashboard = async (variant, options) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        serviceWorkers: 'block',
      });
      try {
        await signIn(context, apis[variant].url);
        return await load(context, `${apis[variant].url}${dashboardPath}`, dashboardRowsPainted, options);
      } finally {
        await context.close().catch(() => {});
      }
    };
    const login = async (variant, options) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        serviceWorkers: 'block',
      });
      try {
        return await load(context, `${apis[variant].url}/auth/login`, loginInteractive, options);
      } finally {
        await context.close().catch(() => {});
      }
    };

    // Warm-up, unthrottled: the api's first queries (PGlite) and the server's file cache.
    for (const variant of ['federated', 'monolith']) await dashboard(variant, { throttle: false });

    const samples = {
      federated: { loginMs: [], dashboardMs: [], heapUsed: [] },
      monolith: { loginMs: [], dashboardMs: [], heapUsed: [] },
    };
    const details = { federated: [], monolith: [] };
    for (let run = 0; run < runs; run += 1) {
      // alternate which build goes first, so both see the same machine load on average
      const order = run % 2 === 0 ? ['federated', 'monolith'] : ['monolith', 'federated'];
      for (const variant of order) {
        log(`throttled run ${run + 1}/${runs}: ${variant}…`);
        const l = await login(variant, run === 0 ? { after: typedCharacterKept } : {});
        const d = await dashboard(variant, { after: heapAfterGc });
        samples[variant].loginMs.push(l.ms);
        samples[variant].dashboardMs.push(d.ms);
        samples[variant].heapUsed.push(d.heapUsed);
        details[variant].push({
          loginMs: l.ms,
          typed: l.typed ?? null,
          dashboardMs: d.ms,
          heapUsed: d.heapUsed,
          heapTotal: d.heapTotal,
          rows: d.rows,
          networkIdle: d.idle,
          pageErrors: [...l.pageErrors, ...d.pageErrors],
        });
      }
    }
    const figures = (variant) => ({
      loginInteractiveMs: median(samples[variant].loginMs),
      dashboardRowsMs: median(samples[variant].dashboardMs),
      heapUsed: median(samples[variant].heapUsed),
    });
    const fed = figures('federated');
    const mono = figures('monolith');
    return {
      throttling: THROTTLING,
      runs,
      federated: fed,
      monolith: mono,
      ratios: {
        loginInteractive: fed.loginInteractiveMs / mono.loginInteractiveMs,
        dashboardRows: fed.dashboardRowsMs / mono.dashboardRowsMs,
        heapUsed: fed.heapUsed / mono.heapUsed,
      },
      samples,
      details,
    };
  } finally {
    await Promise.all(Object.values(apis).map((api) => api.stop()));
  }
}
