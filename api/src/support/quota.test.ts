import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ManualScheduler } from '../compute/scheduler.js';
import { type Database, queryRows } from '../db/client.js';
import { DEMO_CONTRACTS, type DemoSeed, seedDemo } from '../db/seed.js';
import { gql } from '../test/graphql.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { type Answer, type Browser, signedInBrowser } from '../test/identity.js';
import {
  ATTACHMENT_QUOTA,
  ATTACHMENT_QUOTA_MESSAGES,
  STORAGE_QUOTA_EXCEEDED,
  UPLOAD_RATE_LIMITED,
} from './quota.js';
import { MemoryStorage } from './storage.js';
import { supportAttachments, supportMessages } from './tables.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// Support attachments beyond one message's limits: the files a user uploads in an hour and the bytes
// a workspace stores in all, each refused with its message on the attachments field.

let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;
const storage = new MemoryStorage();

beforeAll(async () => {
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  app = buildApp(testConfig(), {
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

const CAB = DEMO_CONTRACTS.cabinet;
const SEND = 'mutation ($input: SendSupportMessageInput!) { sendSupportMessage(input: $input) { uid } }';

/** `sendSupportMessage` with `count` small text files, as the portal sends files: multipart. */
async function send(browser: Browser, count: number, subject = 'Logs'): Promise<Answer> {
  if (!browser.jar.has('csrftoken')) await browser.call('GET', '/_allauth/browser/v1/config');
  const input = { contractUid: CAB, subject, body: 'See the attached logs.' };
  if (count === 0) return gql(browser, SEND, { input });
  const boundary = '----portal-quota-test';
  const part = (headers: string, body: string) => `--${boundary}\r\n${headers}\r\n\r\n${body}\r\n`;
  const files = Array.from({ length: count }, (_, i) => i);
  const payload = [
    part(
      'Content-Disposition: form-data; name="operations"',
      JSON.stringify({ query: SEND, variables: { input: { ...input, attachments: files.map(() => null) } } }),
    ),
    part(
      'Content-Disposition: form-data; name="map"',
      JSON.stringify(Object.fromEntries(files.map((i) => [String(i), [`variables.input.attachments.${i}`]]))),
    ),
    ...files.map((i) =>
      part(
        `Content-Disposition: form-data; name="${i}"; filename="log-${i}.txt"\r\nContent-Type: text/plain`,
        `line ${i}`,
      ),
    ),
    `--${boundary}--\r\n`,
  ].join('');
  const response = await app.inject({
    method: 'POST',
    url: '/api/',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrftoken': browser.jar.get('csrftoken')!,
    },
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers, cookies: [] };
}

const refusal = (answer: Answer) =>
  ((answer.body as Json).errors ?? []).map((e: Json) => ({
    message: e.message,
    code: e.extensions?.code,
    field: e.extensions?.field,
  }));

describe('attachment quotas', () => {
  it(`takes ${ATTACHMENT_QUOTA.uploadsPerHour} files per user and hour, then refuses more files (not the message)`, async () => {
    const demo = await signedInBrowser(app, database.db, seed.demoUser);
    for (let i = 0; i < ATTACHMENT_QUOTA.uploadsPerHour / 5; i += 1) {
      expect(refusal(await send(demo, 5))).toEqual([]);
    }
    const stored = storage.files.size;
    expect(refusal(await send(demo, 1))).toEqual([
      { message: ATTACHMENT_QUOTA_MESSAGES.rate, code: UPLOAD_RATE_LIMITED, field: 'attachments' },
    ]);
    expect(storage.files.size).toBe(stored);
    expect(refusal(await send(demo, 0))).toEqual([]);

    // an hour later
    await database.db
      .update(supportMessages)
      .set({ createdAt: sql`${supportMessages.createdAt} - interval '61 minutes'` })
      .where(eq(supportMessages.authorId, seed.demoUser.id));
    expect(refusal(await send(demo, 1))).toEqual([]);
  });

  it('refuses files past the workspace storage quota, saying what to do', async () => {
    const demo = await signedInBrowser(app, database.db, seed.demoUser);
    const [message] = await database.db
      .select({ id: supportMessages.id })
      .from(supportMessages)
      .where(eq(supportMessages.authorId, seed.demoUser.id))
      .limit(1);
    const [row] = await queryRows<{ used: number }>(
      database.db,
      sql`select coalesce(sum(a.size), 0)::int as used from support_attachments a
        join support_messages m on m.id = a.message_id join workspaces w on w.id = m.workspace_id
        where w.contract_uid = ${CAB}`,
    );
    const used = row!.used;
    // the workspace 6 bytes short of its quota; each test file takes 6 bytes ("line 0")
    await database.db.insert(supportAttachments).values({
      messageId: message!.id,
      name: 'large.log',
      contentType: 'text/plain; charset=utf-8',
      size: ATTACHMENT_QUOTA.workspaceBytes - used - 6,
      storageKey: 'quota-test-large',
    });
    expect(refusal(await send(demo, 2))).toEqual([
      { message: ATTACHMENT_QUOTA_MESSAGES.storage, code: STORAGE_QUOTA_EXCEEDED, field: 'attachments' },
    ]);
    expect(refusal(await send(demo, 1))).toEqual([]);
    expect(refusal(await send(demo, 1))).toEqual([
      { message: ATTACHMENT_QUOTA_MESSAGES.storage, code: STORAGE_QUOTA_EXCEEDED, field: 'attachments' },
    ]);
  });
});
