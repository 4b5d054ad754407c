import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.js';
import { ManualScheduler } from '../compute/scheduler.js';
import type { Database } from '../db/client.js';
import { outboxMessages, type User, workspaces } from '../db/schema.js';
import { DEMO_CONTRACTS, type DemoSeed, OTHER_CONTRACT_UID, seedDemo } from '../db/seed.js';
import { tokenContext } from '../graphql/context.js';
import { PERMISSION_DENIED } from '../graphql/errors.js';
import { buildSchema } from '../modules.js';
import { errorMessages, gql, ME, WSA_TOKEN } from '../test/graphql.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { type Answer, type Browser, signedInBrowser } from '../test/identity.js';
import { SUPPORT_LIMITS, SUPPORT_MESSAGES } from './limits.js';
import { searchQuery } from './repository.js';
import { AUTO_ACK_BODY, SUPPORT_DESK_NAME, SupportService } from './service.js';
import { MemoryStorage } from './storage.js';
import { supportAttachments, supportMessages, supportThreads } from './tables.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// Support on a real app and the seeded PGlite (one app for the file): the list, search and paging at
// 5,000 messages, sending with attachments as a GraphQL multipart request and its refusals, the
// attachment route, unread counting and its events, the desk's answer (toast, e-mail) and the
// permission check of every resolver.

let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
const storage = new MemoryStorage();

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  app = buildApp(testConfig({ PORTAL_DEV_TOOLS: '1' }), {
    database,
    compute: { scheduler: new ManualScheduler(Date.now()) },
    supportStorage: storage,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const signedIn = (user: User) => signedInBrowser(app, database.db, user);

const LIST = `query ($c: String!, $f: SupportFolder!, $s: String, $first: Int, $after: String) {
  supportMessages(contractUid: $c, folder: $f, search: $s, first: $first, after: $after) {
    items { uid threadUid author from subject excerpt createdAt unread attachmentCount }
    totalCount hasNextPage endCursor } }`;
const THREAD_FIELDS = `uid contractUid workspaceName subject instanceUid instanceName invoiceUid invoiceNumber
  unreadCount messages { uid author from body createdAt unread attachments { uid name size contentType url } }`;
const THREAD = `query ($uid: ID!) { supportThread(uid: $uid) { ${THREAD_FIELDS} } }`;
const READ = `mutation ($uid: ID!) { markSupportThreadRead(uid: $uid) { unreadCount } }`;
const UNREAD = `mutation ($uid: ID!) { markSupportThreadUnread(uid: $uid) { unreadCount } }`;
const SEND = `mutation ($input: SendSupportMessageInput!) { sendSupportMessage(input: $input) { ${THREAD_FIELDS} } }`;
const UNREAD_COUNT = `query ($c: String) { allWorkspaces(contractUid: $c) { unreadMessages } }`;

const list = (browser: Browser, variables: Record<string, unknown>) =>
  gql(browser, LIST, { f: 'ALL', ...variables });
const unreadOf = async (browser: Browser, contractUid: string) =>
  (await gql(browser, UNREAD_COUNT, { c: contractUid })).body.data.allWorkspaces[0].unreadMessages;

interface UploadFile {
  name: string;
  type: string;
  content: Buffer | string;
}

/** `sendSupportMessage` as the portal sends it with files: a GraphQL multipart request. */
async function sendMultipart(
  browser: Browser,
  input: Record<string, unknown>,
  files: UploadFile[],
): Promise<Answer> {
  if (!browser.jar.has('csrftoken')) await browser.call('GET', '/_allauth/browser/v1/config');
  const boundary = '----portal-support-test';
  const parts: Buffer[] = [];
  const field = (name: string, value: string) =>
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  field(
    'operations',
    JSON.stringify({ query: SEND, variables: { input: { ...input, attachments: files.map(() => null) } } }),
  );
  field(
    'map',
    JSON.stringify(
      Object.fromEntries(files.map((_f, i) => [String(i), [`variables.input.attachments.${i}`]])),
    ),
  );
  files.forEach((file, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${i}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const response = await app.inject({
    method: 'POST',
    url: '/api/',
    payload: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': browser.jar.get('csrftoken')!,
    },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers, cookies: [] };
}

const answerAsSupport = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/_dev/support/answers', payload });

/** Collects the pub/sub events of a topic until `stop` is called. */
function listen(topic: 'workspaceChanged' | 'supportChanged' | 'notifications', id: string) {
  const events: unknown[] = [];
  const iterator = app.graphql.pubsub.subscribe(topic, id)[Symbol.asyncIterator]();
  const pump = (async () => {
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      events.push(next.value);
    }
  })();
  return {
    events,
    /**
     * Stops once `count` events have come: on PostgreSQL they come back through LISTEN, after the
     * call that caused them has answered.
     */
    stop: async (count: number) => {
      await vi.waitFor(() => expect(events.length).toBeGreaterThanOrEqual(count), { timeout: 10_000 });
      await iterator.return?.();
      await pump;
    },
  };
}

describe('the message list', () => {
  it('answers the folders of the seeded workspace, newest first, unread answers marked', async () => {
    const demo = await signedIn(seed.demoUser);
    const all = (await list(demo, { c: DEMO_CONTRACTS.cabinet })).body.data.supportMessages;
    const inbox = (await list(demo, { c: DEMO_CONTRACTS.cabinet, f: 'INBOX' })).body.data.supportMessages;
    const sent = (await list(demo, { c: DEMO_CONTRACTS.cabinet, f: 'SENT' })).body.data.supportMessages;
    expect(all.totalCount).toBe(inbox.totalCount + sent.totalCount);
    expect(inbox.items.every((m: Json) => m.author === 'SUPPORT' && m.from === SUPPORT_DESK_NAME)).toBe(true);
    expect(
      sent.items.every((m: Json) => m.author === 'CUSTOMER' && m.from === 'Demo Customer' && !m.unread),
    ).toBe(true);
    const times = all.items.map((m: Json) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.items[0]).toMatchObject({
      subject: 'Reverse DNS for mail.nordwind.example',
      author: 'CUSTOMER',
    });
    expect(inbox.items.filter((m: Json) => m.unread)).toHaveLength(3);
    expect(await unreadOf(demo, DEMO_CONTRACTS.cabinet)).toBe(3);
    expect(await unreadOf(demo, DEMO_CONTRACTS.legacy)).toBe(1);
    // the excerpt is plain text, also of an HTML answer
    expect(inbox.items[0].excerpt).not.toMatch(/</);
  });

  it('pages 5,000 messages by keyset: every message once, in order, each page about as fast', async () => {
    const other = await signedIn(seed.otherUser);
    const seen = new Set<string>();
    let after: string | null = null;
    let previous = Number.POSITIVE_INFINITY;
    const timings: number[] = [];
    for (let page = 0; page < 50; page++) {
      const started = performance.now();
      const answer: Answer = await list(other, { c: OTHER_CONTRACT_UID, first: 100, after });
      timings.push(performance.now() - started);
      const result = answer.body.data.supportMessages;
      expect(result.totalCount).toBe(5000);
      for (const item of result.items) {
        expect(Date.parse(item.createdAt)).toBeLessThanOrEqual(previous);
        previous = Date.parse(item.createdAt);
        seen.add(item.uid);
      }
      after = result.endCursor;
      if (!result.hasNextPage) break;
    }
    expect(seen.size).toBe(5000);
    console.info(
      `support list at 5,000: first page ${timings[0]!.toFixed(0)} ms, last ${timings.at(-1)!.toFixed(0)} ms, median ${[...timings].sort((a, b) => a - b)[25]!.toFixed(0)} ms`,
    );
  });

  it('searches subject and body with full-text search, best match first, and pages the hits', async () => {
    const other = await signedIn(seed.otherUser);
    const started = performance.now();
    const answer = (await list(other, { c: OTHER_CONTRACT_UID, s: 'kernel panic', first: 50 })).body.data
      .supportMessages;
    console.info(
      `support search at 5,000: ${(performance.now() - started).toFixed(0)} ms, ${answer.totalCount} hits`,
    );
    expect(answer.totalCount).toBe(250);
    expect(answer.items.every((m: Json) => m.subject.startsWith('Kernel update'))).toBe(true);
    // a word of the subject (weight A) ranks above the same word in a body only (weight B)
    const ranked = (await list(other, { c: OTHER_CONTRACT_UID, s: 'firewall', first: 5 })).body.data
      .supportMessages;
    expect(ranked.items[0].subject).toMatch(/^Firewall rule/);
    // prefix of the last word; paging the hits by keyset gives each once
    const prefix = (await list(other, { c: OTHER_CONTRACT_UID, f: 'SENT', s: 'kern', first: 100 })).body.data
      .supportMessages;
    expect(prefix.totalCount).toBe(250);
    const next = (
      await list(other, { c: OTHER_CONTRACT_UID, f: 'SENT', s: 'kern', first: 100, after: prefix.endCursor })
    ).body.data.supportMessages;
    const third = (
      await list(other, { c: OTHER_CONTRACT_UID, f: 'SENT', s: 'kern', first: 100, after: next.endCursor })
    ).body.data.supportMessages;
    const uids = [...prefix.items, ...next.items, ...third.items].map((m: Json) => m.uid);
    expect(new Set(uids).size).toBe(250);
    expect(third.hasNextPage).toBe(false);
    // nothing of the input reaches the query syntax
    expect(searchQuery("a:* | b & !c ' ) (")).toBe('a:* & b:* & c:*');
    expect(searchQuery(' ;; ')).toBeNull();
    const odd = await list(other, { c: OTHER_CONTRACT_UID, s: "')(&|!:*" });
    expect(odd.body.data.supportMessages.totalCount).toBe(5000);
  });
});

describe('sending', () => {
  it('sends a new thread with two attachments (multipart) and serves them only to the workspace', async () => {
    const demo = await signedIn(seed.demoUser);
    const changes = listen('workspaceChanged', DEMO_CONTRACTS.cabinet);
    const answer = await sendMultipart(
      demo,
      {
        contractUid: DEMO_CONTRACTS.cabinet,
        subject: 'Disk errors on app-02',
        body: 'The syslog shows ext4 errors.',
      },
      [
        { name: 'syslog.log', type: 'text/x-log', content: 'kernel: EXT4-fs error (device vda1)\n' },
        { name: 'screen.png', type: 'image/png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]) },
      ],
    );
    expect(answer.body.errors).toBeUndefined();
    const thread = answer.body.data.sendSupportMessage;
    expect(thread).toMatchObject({ subject: 'Disk errors on app-02', contractUid: DEMO_CONTRACTS.cabinet });
    const [message] = thread.messages;
    expect(message.author).toBe('CUSTOMER');
    expect(message.attachments.map((a: Json) => [a.name, a.size, a.contentType])).toEqual([
      ['screen.png', 7, 'image/png'],
      ['syslog.log', 36, 'text/plain'],
    ]);
    await changes.stop(1);
    expect(changes.events).toContainEqual({ contractUid: DEMO_CONTRACTS.cabinet });

    const log = message.attachments.find((a: Json) => a.name === 'syslog.log');
    const download = await demo.call('GET', log.url);
    expect(download.status).toBe(200);
    expect(download.body).toBe('kernel: EXT4-fs error (device vda1)\n');
    expect(download.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="syslog.log"; filename*=UTF-8''syslog.log`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-security-policy']).toBe("sandbox; default-src 'none'");

    // another customer: the same 404 as an unknown attachment; no session: 403
    const other = await signedIn(seed.otherUser);
    expect((await other.call('GET', log.url)).status).toBe(404);
    expect(
      (await other.call('GET', '/api/support/attachments/00000000-0000-4000-8000-000000000000')).status,
    ).toBe(404);
    const anonymous = await app.inject({ method: 'GET', url: log.url });
    expect(anonymous.statusCode).toBe(403);
    // and it is in Sent and findable by a word of its body
    const found = (await list(demo, { c: DEMO_CONTRACTS.cabinet, f: 'SENT', s: 'ext4' })).body.data
      .supportMessages;
    expect(found.items.map((m: Json) => [m.subject, m.attachmentCount])).toEqual([
      ['Disk errors on app-02', 2],
    ]);
  });

  it('refuses bad input with the field named, storing nothing', async () => {
    const demo = await signedIn(seed.demoUser);
    const before = await database.db.$count(supportMessages);
    const files = storage.files.size;
    const base = { contractUid: DEMO_CONTRACTS.cabinet, subject: 'Hello', body: 'Text' };
    const refusal = async (input: Record<string, unknown>, upload: UploadFile[] = []) => {
      const answer = await sendMultipart(demo, input, upload);
      return answer.body.errors?.map((e: Json) => [e.message, e.extensions.field]);
    };
    expect(await refusal({ ...base, subject: '  ' })).toEqual([['Required', 'subject']]);
    expect(await refusal({ ...base, body: '' })).toEqual([['Required', 'body']]);
    expect(await refusal({ ...base, subject: 'x'.repeat(201) })).toEqual([
      [SUPPORT_MESSAGES.subjectTooLong, 'subject'],
    ]);
    expect(await refusal({ ...base, body: 'x'.repeat(SUPPORT_LIMITS.maxBodyLength + 1) })).toEqual([
      ['The message is too long: at most 10,000 characters.', 'body'],
    ]);
    const big = Buffer.alloc(SUPPORT_LIMITS.maxFileBytes + 1, 0x61);
    expect(await refusal(base, [{ name: 'huge.log', type: 'text/plain', content: big }])).toEqual([
      ['"huge.log" is larger than 10 MB, the limit per file.', 'attachments'],
    ]);
    const nine = Buffer.alloc(8_500_000, 0x61);
    expect(
      await refusal(
        base,
        [1, 2, 3].map((n) => ({ name: `part${n}.txt`, type: 'text/plain', content: nine })),
      ),
    ).toEqual([[SUPPORT_MESSAGES.totalTooLarge, 'attachments']]);
    expect(
      await refusal(base, [{ name: 'run.exe', type: 'application/octet-stream', content: 'MZ' }]),
    ).toEqual([[SUPPORT_MESSAGES.fileType('run.exe'), 'attachments']]);
    expect(await refusal(base, [{ name: 'logo.svg', type: 'image/svg+xml', content: '<svg/>' }])).toEqual([
      [SUPPORT_MESSAGES.fileType('logo.svg'), 'attachments'],
    ]);
    expect(
      await refusal(
        base,
        [1, 2, 3, 4, 5, 6].map((n) => ({ name: `${n}.txt`, type: 'text/plain', content: 'x' })),
      ),
    ).toEqual([[SUPPORT_MESSAGES.tooManyFiles, 'attachments']]);
    expect(await refusal({ ...base, invoiceUid: '5eed0000-0000-4000-8000-000700000003' })).toEqual([
      [SUPPORT_MESSAGES.invoiceNotInWorkspace, 'invoiceUid'],
    ]);
    // another customer's workspace or thread: the permission message
    expect(await refusal({ ...base, contractUid: OTHER_CONTRACT_UID })).toEqual([
      [PERMISSION_DENIED, undefined],
    ]);
    const [otherThread] = await database.db
      .select({ id: supportThreads.id })
      .from(supportThreads)
      .where(eq(supportThreads.subject, 'Kernel update #10006'));
    expect(await refusal({ ...base, threadUid: otherThread!.id })).toEqual([[PERMISSION_DENIED, undefined]]);
    expect(await database.db.$count(supportMessages)).toBe(before);
    expect(storage.files.size).toBe(files);
  });

  it('replies in a thread, keeping its subject, and links a thread to an invoice of the workspace', async () => {
    const demo = await signedIn(seed.demoUser);
    const invoiceUid = '5eed0000-0000-4000-8000-000700000002';
    const started = await gql(demo, SEND, {
      input: {
        contractUid: DEMO_CONTRACTS.cabinet,
        subject: 'Invoice address',
        body: 'Please change it.',
        invoiceUid,
      },
    });
    const thread = started.body.data.sendSupportMessage;
    expect(thread).toMatchObject({ invoiceUid, invoiceNumber: 'INV-2026-000201' });
    const reply = await gql(demo, SEND, {
      input: {
        contractUid: DEMO_CONTRACTS.cabinet,
        threadUid: thread.uid,
        subject: 'ignored',
        body: 'Also the ZIP.',
      },
    });
    const messages = reply.body.data.sendSupportMessage.messages;
    expect(messages.map((m: Json) => m.body)).toEqual(['Please change it.', 'Also the ZIP.']);
    expect(reply.body.data.sendSupportMessage.subject).toBe('Invoice address');
  });
});

describe('answers, unread counts and their events', () => {
  it("an answer raises the counts, tells the workspace's users and mails whoever started the thread", async () => {
    const demo = await signedIn(seed.demoUser);
    const sent = await gql(demo, SEND, {
      input: { contractUid: DEMO_CONTRACTS.legacy, subject: 'PHP version', body: 'Can we get PHP 8.4?' },
    });
    const uid = sent.body.data.sendSupportMessage.uid;
    const before = await unreadOf(demo, DEMO_CONTRACTS.legacy);
    const directBefore = (await gql(demo, ME)).body.data.me.env.unreadDirectMessages;
    const changes = listen('supportChanged', DEMO_CONTRACTS.legacy);
    const toasts = listen('notifications', seed.demoUser.id);
    const html =
      '<p>Yes: <a href="https://docs.example.com/php">see here</a></p><img src=x onerror=alert(1)>';
    const answered = await answerAsSupport({ threadUid: uid, body: html });
    expect(answered.statusCode).toBe(200);
    await changes.stop(1);
    await toasts.stop(1);
    expect(changes.events).toEqual([{ contractUid: DEMO_CONTRACTS.legacy, threadUid: uid }]);
    expect(toasts.events).toEqual([{ type: 'info', message: 'New answer from support: PHP version' }]);
    expect(await unreadOf(demo, DEMO_CONTRACTS.legacy)).toBe(before + 1);
    expect((await gql(demo, ME)).body.data.me.env.unreadDirectMessages).toBe(directBefore + 1);
    // stored as given (the portal sanitises it where it renders it)
    const thread = (await gql(demo, THREAD, { uid })).body.data.supportThread;
    expect(thread.messages[1]).toMatchObject({ author: 'SUPPORT', body: html, unread: true });
    const [mail] = await database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, 'Re: PHP version'));
    expect(mail).toMatchObject({ to: seed.demoUser.email });
    expect(mail!.text).toContain('Yes: see here');
    expect(mail!.text).toContain(`/support?thread=${uid}`);

    // read: the count falls (an event for every open tab); unread again: it rises
    const reads = listen('workspaceChanged', DEMO_CONTRACTS.legacy);
    expect((await gql(demo, READ, { uid })).body.data.markSupportThreadRead.unreadCount).toBe(0);
    expect(await unreadOf(demo, DEMO_CONTRACTS.legacy)).toBe(before);
    expect((await gql(demo, UNREAD, { uid })).body.data.markSupportThreadUnread.unreadCount).toBe(1);
    expect(await unreadOf(demo, DEMO_CONTRACTS.legacy)).toBe(before + 1);
    await reads.stop(2);
    expect(reads.events).toHaveLength(2);
    // a thread without an answer cannot be unread
    const lone = await gql(demo, SEND, {
      input: { contractUid: DEMO_CONTRACTS.legacy, subject: 'No answer yet', body: 'Hello?' },
    });
    expect(errorMessages(await gql(demo, UNREAD, { uid: lone.body.data.sendSupportMessage.uid }))).toEqual([
      SUPPORT_MESSAGES.noAnswer,
    ]);
  });

  it('acknowledges a new thread at once when PORTAL_SUPPORT_AUTO_ACK=1 (the service with autoAcknowledge)', async () => {
    const [workspace] = await database.db
      .select({ id: workspaces.id, contractUid: workspaces.contractUid })
      .from(workspaces)
      .where(eq(workspaces.contractUid, DEMO_CONTRACTS.legacy));
    const sentMail: string[] = [];
    const service = new SupportService(
      database.db,
      app.graphql.pubsub,
      storage,
      { send: async (mail) => void sentMail.push(mail.subject) },
      app.log,
      { publicUrl: 'http://portal.example', autoAcknowledge: true },
    );
    const threadId = await service.send({
      workspace: workspace!,
      author: seed.demoUser,
      thread: null,
      subject: 'Acknowledge me',
      body: 'Hello',
      files: [],
    });
    const rows = await database.db
      .select({ author: supportMessages.author, body: supportMessages.body })
      .from(supportMessages)
      .where(eq(supportMessages.threadId, threadId))
      .orderBy(supportMessages.createdAt);
    expect(rows).toEqual([
      { author: 'customer', body: 'Hello' },
      { author: 'support', body: AUTO_ACK_BODY },
    ]);
    expect(sentMail).toEqual(['Re: Acknowledge me']);
  });

  it('refuses every resolver for another customer, and the dev endpoint without dev tools', async () => {
    const other = await signedIn(seed.otherUser);
    const [demoThread] = await database.db
      .select({ id: supportThreads.id })
      .from(supportThreads)
      .where(eq(supportThreads.subject, 'Backup schedule for db-01'));
    const uid = demoThread!.id;
    for (const answer of [
      await list(other, { c: DEMO_CONTRACTS.cabinet }),
      await gql(other, THREAD, { uid }),
      await gql(other, THREAD, { uid: 'not-a-uid' }),
      await gql(other, READ, { uid }),
      await gql(other, UNREAD, { uid }),
      await gql(other, SEND, { input: { contractUid: DEMO_CONTRACTS.cabinet, threadUid: uid, body: 'x' } }),
    ]) {
      expect(errorMessages(answer)).toEqual([PERMISSION_DENIED]);
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/',
      payload: { query: 'query { supportLimits { maxFileBytes } }' },
    });
    expect(anonymous.statusCode).toBe(403); // CSRF first; with it the permission message
    expect(await database.db.$count(supportAttachments)).toBeGreaterThan(0);
    const plain = buildApp(testConfig({ PORTAL_DEV_TOOLS: '0' }), { database, supportStorage: storage });
    try {
      const refused = await plain.inject({
        method: 'POST',
        url: '/_dev/support/answers',
        payload: { threadUid: uid, body: '<p>hi</p>' },
      });
      expect(refused.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('me.env.unreadDirectMessages follows live (meChanged)', () => {
  /** A real `meChanged` subscription of the user (as their other tabs hold it over the socket). */
  async function meChanges(browser: Browser) {
    const claims = await app.graphql.wsaTokens.verify((await gql(browser, WSA_TOKEN)).body.data.getWSAToken);
    const events = (await subscribe({
      schema: buildSchema(),
      document: parse('subscription { meChanged { env { unreadDirectMessages } } }'),
      contextValue: tokenContext(app.graphql, claims, '127.0.0.1'),
    })) as AsyncGenerator<Json>;
    // ask for the first event now: the subscription listens from its first `next()` on
    let pending = events.next();
    return {
      /** The count the next event carries (the test times out when none comes). */
      next: async (): Promise<number> => {
        const event = await pending;
        pending = events.next();
        expect(event.value.errors).toBeUndefined();
        return event.value.data.meChanged.env.unreadDirectMessages;
      },
      stop: () => events.return(undefined),
    };
  }
  const direct = async (browser: Browser): Promise<number> =>
    (await gql(browser, ME)).body.data.me.env.unreadDirectMessages;

  it("publishes to the thread's starter on an answer, read and unread; not on sending, not to colleagues", async () => {
    // Bright Webshop: demo (Billing) and other (Technical) both see it
    const demo = await signedIn(seed.demoUser);
    const other = await signedIn(seed.otherUser);
    const demoTabs = await meChanges(demo);
    const otherTabs = await meChanges(other);
    const d0 = await direct(demo);
    const o0 = await direct(other);

    // sending changes no count (a customer's message is never unread): no event; the first one
    // demo's tabs get is the answer's, with the risen count
    const sent = await gql(demo, SEND, {
      input: { contractUid: DEMO_CONTRACTS.webshop, subject: 'TLS certificate', body: 'Renew it, please.' },
    });
    const uid = sent.body.data.sendSupportMessage.uid;
    expect((await answerAsSupport({ threadUid: uid, body: '<p>Renewed.</p>' })).statusCode).toBe(200);
    expect(await demoTabs.next()).toBe(d0 + 1);
    expect(await direct(demo)).toBe(d0 + 1);

    expect((await gql(demo, READ, { uid })).body.data.markSupportThreadRead.unreadCount).toBe(0);
    expect(await demoTabs.next()).toBe(d0);
    expect(await direct(demo)).toBe(d0);
    expect((await gql(demo, UNREAD, { uid })).body.data.markSupportThreadUnread.unreadCount).toBe(1);
    expect(await demoTabs.next()).toBe(d0 + 1);
    expect(await direct(demo)).toBe(d0 + 1);

    // a colleague reading demo's thread changes only their workspace count, not their direct one
    expect((await gql(other, READ, { uid })).body.data.markSupportThreadRead.unreadCount).toBe(0);
    expect(await direct(other)).toBe(o0);
    // …so the first event other's tabs get is the answer to their own thread (not the one to demo's)
    const own = await gql(other, SEND, {
      input: { contractUid: DEMO_CONTRACTS.webshop, subject: 'Staging shop', body: 'Is it up?' },
    });
    const ownUid = own.body.data.sendSupportMessage.uid;
    expect((await answerAsSupport({ threadUid: ownUid, body: '<p>Yes.</p>' })).statusCode).toBe(200);
    expect(await otherTabs.next()).toBe(o0 + 1);
    expect(await direct(other)).toBe(o0 + 1);
    // and demo's tabs heard nothing of it: their next event is demo's own read
    await gql(demo, READ, { uid });
    expect(await demoTabs.next()).toBe(d0);
    await demoTabs.stop();
    await otherTabs.stop();
  });
});
