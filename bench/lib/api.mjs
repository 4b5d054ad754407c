// The api's throughput (issue 14): autocannon against the real api, on PGlite (the embedded default)
// and on PostgreSQL when Debian's is installed, plus the delivery of one balance change to 1,000
// subscriptions. Every figure sits next to `{ __typename }` of the same api in the same run, so the
// machine's load cancels out of the ratios.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { ALLAUTH, signInByFetch, startApi } from './apiServer.mjs';

const CABINET = '5f0c6a1e-4b7d-4c1a-9d0e-0000000c0001';
const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
/** The portal's own workspace query (shared/src/workspace/workspaces.graphql), as the shell sends it. */
export const ALL_WORKSPACES = `{ allWorkspaces { contractUid workspaceName number kind
  balance { contractUid amount amountDue currency sinceLastInvoice
    paymentMethods { uid methodId methodType cardBrand cardLast4 } pendingPayment { amount } }
  account { accountUid name } employee { uid firstName lastName email }
  authorizedPeople { uid fullName mobilePhone email loginStatus }
  servicesLegacy { uid title description monthly monthlyCurrency }
  unreadMessages services { uid } myRole capabilities } }`;
/** 20 sockets × 50 subscriptions: the caps of one user (src/graphql/websocket.ts). */
const SOCKETS = 20;
const PER_SOCKET = 50;
const EVENTS = 5;

const cannon = (options) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );

const summary = (r) => ({
  rps: r.requests.average,
  p50Ms: r.latency.p50,
  p99Ms: r.latency.p99,
  failed: r.errors + r.timeouts + r.non2xx,
});

const graphql = (url, auth, query) =>
  cannon({
    url: `${url}/api/`,
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: auth.cookie, 'x-csrftoken': auth.csrf },
    body: JSON.stringify({ query }),
  });

/** One balance change through the dev tool, received by every subscription: ms from the POST to each. */
async function fanOut(url, auth) {
  const token = async () => {
    const answer = await fetch(`${url}/api/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: auth.cookie, 'x-csrftoken': auth.csrf },
      body: JSON.stringify({ query: '{ getWSAToken }' }),
    }).then((r) => r.json());
    return answer.data.getWSAToken;
  };
  const origin = url;
  const clients = Array.from({ length: SOCKETS }, () =>
    createClient({
      url: `${url.replace('http', 'ws')}/ws/api/`,
      webSocketImpl: class extends WebSocket {
        constructor(address, protocols) {
          super(address, protocols, { origin });
        }
      },
      connectionParams: async () => ({ token: await token() }),
      retryAttempts: 0,
    }),
  );
  const delays = [];
  let waiting = null;
  let sentAt = 0;
  let expected = 0;
  const subscriptions = [];
  const failures = [];
  try {
    for (const client of clients)
      for (let i = 0; i < PER_SOCKET; i += 1)
        subscriptions.push(
          client.subscribe(
            {
              query: `subscription ($c: String!) { workspaceChanged(contractUid: $c) { contractUid balance { amount } } }`,
              variables: { c: CABINET },
            },
            {
              next: (event) => {
                if (event.data?.workspaceChanged?.balance?.amount !== expected.toFixed(2)) return;
                delays.push(performance.now() - sentAt);
                waiting?.tick();
              },
              error: (error) => {
                failures.push(error);
                waiting?.fail(error);
              },
              complete: () => {},
            },
          ),
        );
    const total = SOCKETS * PER_SOCKET;
    /** Sets the balance to `amount` and waits until every subscription has heard it. */
    const round = (amount, timeoutMs) =>
      new Promise((resolve, reject) => {
        const before = delays.length;
        const timer = setTimeout(() => {
          waiting = null;
          reject(new Error(`${delays.length - before} of ${total} received`));
        }, timeoutMs);
        const settle = (finish) => {
          clearTimeout(timer);
          waiting = null;
          finish();
        };
        waiting = {
          tick: () => {
            if (delays.length - before >= total) settle(resolve);
          },
          fail: (error) => settle(() => reject(error)),
        };
        expected = amount;
        sentAt = performance.now();
        fetch(`${url}/_dev/workspaces/${CABINET}/balance`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount: amount.toFixed(2) }),
        }).catch((error) => settle(() => reject(error)));
      });
    // warm-up: the server subscribes a moment after `subscribe`; again until every one is listening
    for (let attempt = 0; ; attempt += 1) {
      try {
        await round(1000 + attempt, 5000);
        break;
      } catch (error) {
        if (attempt >= 10 || failures.length > 0)
          throw new Error(`fan-out: ${error.message}; ${failures.length} subscriptions failed`);
      }
    }
    delays.length = 0;
    for (let i = 0; i < EVENTS; i += 1) await round(2000 + i, 60_000);
    const sorted = [...delays].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    return { subscriptions: total, events: EVENTS, p50Ms: at(0.5), p99Ms: at(0.99) };
  } finally {
    for (const dispose of subscriptions) dispose();
    await Promise.all(clients.map((client) => client.dispose()));
  }
}

/** Debian's PostgreSQL 15, started if it is installed and down, with a fresh database for the bench. */
function postgresUrl() {
  if (process.env.BENCH_DATABASE_URL) return process.env.BENCH_DATABASE_URL;
  if (!existsSync('/usr/lib/postgresql/15/bin/postgres') || process.getuid?.() !== 0) return null;
  const run = (args) => execFileSync('su', ['postgres', '-c', args], { stdio: 'pipe' }).toString();
  try {
    execFileSync('pg_ctlcluster', ['15', 'main', 'start'], { stdio: 'pipe' });
  } catch {
    // running already
  }
  run(
    `psql -v ON_ERROR_STOP=1 -c "drop database if exists portal_bench" -c "drop role if exists portal_bench" -c "create role portal_bench login password 'portal-bench'" -c "create database portal_bench owner portal_bench"`,
  );
  return 'postgres://portal_bench:portal-bench@127.0.0.1:5432/portal_bench';
}

async function measureOn(rootDir, label, env) {
  const api = await startApi({ rootDir, env });
  try {
    const auth = await signInByFetch(api.url);
    const check = await fetch(`${api.url}/api/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: auth.cookie, 'x-csrftoken': auth.csrf },
      body: JSON.stringify({ query: ALL_WORKSPACES }),
    }).then((r) => r.json());
    if ((check.data?.allWorkspaces?.length ?? 0) < 2)
      throw new Error(`allWorkspaces: ${JSON.stringify(check).slice(0, 300)}`);
    const trivial = summary(await graphql(api.url, auth, '{ __typename }'));
    const allWorkspaces = summary(await graphql(api.url, auth, ALL_WORKSPACES));
    const session = summary(
      await cannon({ url: `${api.url}${ALLAUTH}/auth/session`, headers: { cookie: auth.cookie } }),
    );
    const fan = await fanOut(api.url, auth);
    return { database: label, trivial, allWorkspaces, session, fanOut: fan };
  } finally {
    await api.stop();
  }
}

/** @param {{ rootDir: string, log: (line: string) => void }} o */
export async function measureApi({ rootDir, log }) {
  const results = [];
  log(`api: PGlite, ${CONNECTIONS} connections, ${SECONDS} s per figure…`);
  results.push(await measureOn(rootDir, 'PGlite', {}));
  const url = postgresUrl();
  if (url) {
    log('api: PostgreSQL 15…');
    results.push(await measureOn(rootDir, 'PostgreSQL', { DATABASE_URL: url, PGLITE_DIR: '' }));
  } else
    log('api: PostgreSQL not available here (Debian postgresql-15 as root, or BENCH_DATABASE_URL); skipped');
  return { connections: CONNECTIONS, seconds: SECONDS, results };
}

/** The aims of issue 14, per database. */
export const API_AIMS = {
  PGlite: { allWorkspacesRps: 400, sessionRps: 3000 },
  PostgreSQL: { allWorkspacesRps: 1000, allWorkspacesP99Ms: 25, sessionRps: 3000 },
  fanOutP99Ms: 250,
};
