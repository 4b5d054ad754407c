// First-screen measurement in Chromium: one fresh context, one page load, every response recorded
// through the DevTools protocol (transfer size from Network.loadingFinished, decoded size from the
// body), until the page shows the expected heading and the network is idle.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isLibraryModule, packageOf, sourceMapOf } from './files.mjs';

/** Module files of React whose presence marks a response as carrying React / react-dom. */
export const REACT_MODULES = {
  react: 'react/cjs/react.production.js',
  'react-dom': 'react-dom/cjs/react-dom.production.js',
  'react-dom/client': 'react-dom/cjs/react-dom-client.production.js',
};

const IDLE_MS = 500;
/** rspack emits no source map for a chunk holding only a re-export facade; such chunks are tiny. */
const MAPLESS_MAX_BYTES = 4000;
const TIMEOUT_MS = 30_000;

const isJs = (r) => /javascript|ecmascript/.test(r.mimeType ?? '') || /\.m?js$/.test(new URL(r.url).pathname);

/**
 * @param {object} o
 * @param {import('playwright-core').Browser} o.browser
 * @param {string} o.url the page to load
 * @param {string} o.heading accessible name of the heading (inside <main>) that marks the first screen
 * @param {Record<string, { name: string, dist: string }>} o.origins origin → app name and its dist
 *   (for the source maps of the served files)
 */
export async function measureFirstScreen({ browser, url, heading, origins }) {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
  });
  try {
    const page = await context.newPage();
    const pageErrors = [];
    const consoleErrors = [];
    page.on('pageerror', (e) => pageErrors.push(String(e?.message ?? e)));
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });

    const cdp = await context.newCDPSession(page);
    /** @type {Map<string, any>} */
    const requests = new Map();
    let inflight = 0;
    let lastActivity = Date.now();
    const touch = () => {
      lastActivity = Date.now();
    };
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!requests.has(e.requestId)) inflight++;
      requests.set(e.requestId, { url: e.request.url, type: e.type, start: e.timestamp, done: false });
      touch();
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (!r) return;
      Object.assign(r, {
        status: e.response.status,
        mimeType: e.response.mimeType,
        contentEncoding:
          e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? null,
        headerBytes: e.response.encodedDataLength,
      });
      touch();
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (!r || r.done) return;
      Object.assign(r, { done: true, transfer: e.encodedDataLength });
      inflight--;
      touch();
    });
    cdp.on('Network.loadingFailed', (e) => {
      const r = requests.get(e.requestId);
      if (!r || r.done) return;
      Object.assign(r, { done: true, failed: e.errorText, transfer: 0 });
      inflight--;
      touch();
    });
    await cdp.send('Network.enable', { maxTotalBufferSize: 200_000_000, maxResourceBufferSize: 50_000_000 });
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

    const started = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: TIMEOUT_MS });
    const headingLocator = page.locator('main').getByRole('heading', { name: heading, exact: true });
    let rendered = true;
    try {
      await headingLocator.waitFor({ state: 'visible', timeout: TIMEOUT_MS });
    } catch {
      rendered = false;
    }
    const timeToHeadingMs = rendered ? Date.now() - started : null;
    // Network idle: nothing in flight and nothing new for IDLE_MS.
    const idleDeadline = Date.now() + TIMEOUT_MS;
    while (!(inflight <= 0 && Date.now() - lastActivity >= IDLE_MS)) {
      if (Date.now() > idleDeadline) throw new Error(`${url}: the network did not become idle`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const fallbackShown = (await page.locator('[data-remote-section]').count()) > 0;
    const mainText = await page
      .locator('main')
      .first()
      .textContent({ timeout: 2000 })
      .then((text) => (text ?? '').slice(0, 300))
      .catch(() => '');

    const responses = [];
    for (const [requestId, r] of requests) {
      if (r.url.startsWith('data:')) continue;
      const u = new URL(r.url);
      const entry = {
        url: r.url,
        origin: u.origin,
        app: origins[u.origin]?.name ?? 'other',
        path: u.pathname,
        type: r.type,
        status: r.status ?? null,
        failed: r.failed ?? null,
        mimeType: r.mimeType ?? null,
        contentEncoding: r.contentEncoding ?? null,
        transfer: r.transfer ?? 0,
        encodedBody: Math.max(0, (r.transfer ?? 0) - (r.headerBytes ?? 0)),
        decoded: 0,
        js: false,
      };
      entry.js = isJs({ url: r.url, mimeType: r.mimeType });
      if (r.done && !r.failed && r.status && r.status < 300) {
        try {
          const body = await cdp.send('Network.getResponseBody', { requestId });
          const buf = Buffer.from(body.body, body.base64Encoded ? 'base64' : 'utf8');
          entry.decoded = buf.length;
          if (entry.js) entry.sha1 = createHash('sha1').update(buf).digest('hex');
        } catch (e) {
          entry.bodyError = String(e?.message ?? e);
        }
      }
      responses.push(entry);
    }

    // Which modules each JS response carries, from the source map of the file it was served from.
    const packageBytes = {};
    const addBytes = (pkg, n) => {
      packageBytes[pkg] = (packageBytes[pkg] ?? 0) + n;
    };
    for (const r of responses.filter((x) => x.js)) {
      const dist = origins[r.origin]?.dist;
      const file = dist ? path.join(dist, r.path) : null;
      r.modules = null;
      if (!file || !existsSync(file)) {
        r.matchesBuild = false;
        continue;
      }
      r.matchesBuild = r.sha1 === createHash('sha1').update(readFileSync(file)).digest('hex');
      delete r.sha1;
      const map = sourceMapOf(file);
      if (!map) {
        addBytes('(no source map)', r.decoded);
        continue;
      }
      r.modules = map.modules;
      r.moduleBytes = map.bytes;
      for (const [module, n] of Object.entries(map.bytes)) addBytes(packageOf(module), n);
    }

    const js = responses.filter((r) => r.js);
    const sum = (list, key) => list.reduce((s, r) => s + (r[key] ?? 0), 0);
    const carriers = Object.fromEntries(
      Object.entries(REACT_MODULES).map(([name, mod]) => [
        name,
        js.filter((r) => r.modules?.includes(mod)).map((r) => `${r.app}:${r.path}`),
      ]),
    );
    // Library modules present in more than one response; `extraBytes`: all copies but the largest.
    const copies = new Map();
    for (const r of js) {
      for (const m of r.modules ?? []) {
        if (!isLibraryModule(m)) continue;
        copies.set(m, [
          ...(copies.get(m) ?? []),
          { response: `${r.app}:${r.path}`, bytes: r.moduleBytes?.[m] ?? 0 },
        ]);
      }
    }
    const duplicates = [...copies]
      .filter(([, list]) => list.length > 1)
      .map(([module, list]) => ({
        module,
        responses: list.map((c) => c.response),
        extraBytes: list.reduce((sum, c) => sum + c.bytes, 0) - Math.max(...list.map((c) => c.bytes)),
      }))
      .sort((a, b) => b.extraBytes - a.extraBytes);

    const byApp = {};
    for (const r of js) {
      const a = byApp[r.app] ?? { requests: 0, transfer: 0, decoded: 0 };
      byApp[r.app] = a;
      a.requests++;
      a.transfer += r.transfer;
      a.decoded += r.decoded;
    }

    return {
      url,
      rendered,
      fallbackShown,
      mainText,
      timeToHeadingMs,
      pageErrors,
      consoleErrors,
      requests: responses.length,
      js: {
        requests: js.length,
        transfer: sum(js, 'transfer'),
        encodedBody: sum(js, 'encodedBody'),
        decoded: sum(js, 'decoded'),
        // the build compresses every hashed file of 1 kB or more (shared/build/federation.mjs)
        uncompressed: js
          .filter((r) => !['br', 'gzip'].includes(r.contentEncoding) && r.decoded >= 1024)
          .map((r) => r.url),
        failed: js
          .filter((r) => r.failed || !r.status || r.status >= 400)
          .map((r) => `${r.url} ${r.failed ?? r.status}`),
        // not a file of the served build, or too big to be left unexplained by a missing source map
        unmatched: js
          .filter((r) => !r.matchesBuild || (r.modules === null && r.decoded > MAPLESS_MAX_BYTES))
          .map((r) => r.url),
      },
      byApp,
      carriers,
      packageBytes: Object.fromEntries(Object.entries(packageBytes).sort((a, b) => b[1] - a[1])),
      duplicates,
      duplicateBytes: duplicates.reduce((sum, d) => sum + d.extraBytes, 0),
      responses: responses.map(({ modules, moduleBytes, ...r }) => ({
        ...r,
        modules: modules?.length ?? null,
      })),
    };
  } finally {
    await context.close().catch(() => {});
  }
}
