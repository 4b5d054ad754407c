import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { ManualScheduler } from '../compute/scheduler.js';
import { PGLITE_MEMORY } from '../config.js';
import type { Database } from '../db/client.js';
import { type User, workspaces } from '../db/schema.js';
import { DEMO_CONTRACTS, type DemoSeed, seedDemo } from '../db/seed.js';
import { openTestDatabase, testConfig } from '../test/helpers.js';
import { type Browser, signedInBrowser } from '../test/identity.js';
import { readSupport } from './config.js';
import { S3Storage } from './storage.js';
import { supportAttachments } from './tables.js';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
type Json = any;

// Attachments in an S3-compatible bucket (PORTAL_S3_BUCKET), against a real S3 protocol server:
// s3rver in this process, on a loopback port, its objects in a temporary folder. One app for the
// file, configured through the environment as `main` would be.

const BUCKET = 'portal-attachments';
const PREFIX = 'portal/support/';
let folder: string;
let server: S3rver;
let s3: S3Client;
let database: Database;
let seed: DemoSeed;
let app: FastifyInstance;

beforeAll(async () => {
  // the SDK's notice that its releases from 2027 on need Node 22 (README, "Support"): once is enough
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  folder = await mkdtemp(join(tmpdir(), 'portal-s3-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: folder });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  s3 = new S3Client({ endpoint, region: 'eu-central-1', forcePathStyle: true, credentials });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET }));
  database = await openTestDatabase();
  seed = await seedDemo(database.db);
  app = buildApp(
    testConfig({
      PORTAL_S3_BUCKET: BUCKET,
      PORTAL_S3_ENDPOINT: endpoint,
      PORTAL_S3_REGION: 'eu-central-1',
      PORTAL_S3_FORCE_PATH_STYLE: '1',
      PORTAL_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      PORTAL_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      PORTAL_S3_PREFIX: 'portal/support',
    }),
    { database, compute: { scheduler: new ManualScheduler(Date.now()) } },
  );
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  s3?.destroy();
  await server?.close();
  if (folder) await rm(folder, { recursive: true, force: true });
});

const SEND = `mutation ($input: SendSupportMessageInput!) { sendSupportMessage(input: $input) {
  uid messages { attachments { uid name size contentType url } } } }`;

const cookies = (browser: Browser) => [...browser.jar].map(([k, v]) => `${k}=${v}`).join('; ');

/** `sendSupportMessage` as the portal sends it with files: a GraphQL multipart request. */
async function sendWithFiles(
  browser: Browser,
  input: Record<string, unknown>,
  files: { name: string; type: string; content: Buffer }[],
) {
  if (!browser.jar.has('csrftoken')) await browser.call('GET', '/_allauth/browser/v1/config');
  const boundary = '----portal-s3-test';
  const part = (headers: string, body: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(body),
      Buffer.from('\r\n'),
    ]);
  const operations = { query: SEND, variables: { input: { ...input, attachments: files.map(() => null) } } };
  const map = Object.fromEntries(files.map((_f, i) => [String(i), [`variables.input.attachments.${i}`]]));
  const response = await app.inject({
    method: 'POST',
    url: '/api/',
    payload: Buffer.concat([
      part('Content-Disposition: form-data; name="operations"', JSON.stringify(operations)),
      part('Content-Disposition: form-data; name="map"', JSON.stringify(map)),
      ...files.map((file, i) =>
        part(
          `Content-Disposition: form-data; name="${i}"; filename="${file.name}"\r\nContent-Type: ${file.type}`,
          file.content,
        ),
      ),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: cookies(browser),
      'x-csrftoken': browser.jar.get('csrftoken')!,
    },
    remoteAddress: browser.ip,
  });
  return response.json();
}

const download = (browser: Browser | null, url: string) =>
  app.inject({ method: 'GET', url, headers: browser ? { cookie: cookies(browser) } : {} });

const objectKeys = async () =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key!).sort();

const signedIn = (user: User) => signedInBrowser(app, database.db, user);

describe('attachments in an S3-compatible bucket', () => {
  it('is the driver PORTAL_S3_BUCKET selects', () => {
    const storage = app.graphql.support.storage;
    expect(storage).toBeInstanceOf(S3Storage);
    expect(storage).toMatchObject({ bucket: BUCKET, prefix: PREFIX });
  });

  it('stores uploads as private objects and serves them only through the authorised route', async () => {
    const demo = await signedIn(seed.demoUser);
    // every byte value, 300 kB: more than one chunk of the stream
    const png = Buffer.alloc(300_000);
    for (let i = 0; i < png.length; i++) png[i] = (i * 7 + 3) % 256;
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const log = Buffer.from('Nov 24 03:12:01 web-01 kernel: Out of memory: Killed process 4242 (php-fpm)\n');
    const answer = await sendWithFiles(
      demo,
      {
        contractUid: DEMO_CONTRACTS.cabinet,
        subject: 'Disk full on web-01',
        body: 'Screenshot and log attached.',
      },
      [
        { name: 'Bildschirmfoto – df.png', type: 'image/png', content: png },
        { name: 'syslog.log', type: 'text/plain', content: log },
      ],
    );
    expect(answer.errors).toBeUndefined();
    const attachments: Json[] = answer.data.sendSupportMessage.messages[0].attachments;
    expect(attachments.map((a) => [a.name, a.size, a.contentType])).toEqual([
      ['Bildschirmfoto – df.png', png.length, 'image/png'],
      ['syslog.log', log.length, 'text/plain'],
    ]);

    // the objects really are in the bucket, under the prefix, with their content type
    const rows = await database.db
      .select({ uid: supportAttachments.id, storageKey: supportAttachments.storageKey })
      .from(supportAttachments);
    const keys = rows.map((row) => `${PREFIX}${row.storageKey}`).sort();
    expect(await objectKeys()).toEqual(keys);
    const pngRow = rows.find((row) => row.uid === attachments[0].uid)!;
    const head = await s3.send(
      new HeadObjectCommand({ Bucket: BUCKET, Key: `${PREFIX}${pngRow.storageKey}` }),
    );
    expect([head.ContentType, head.ContentLength]).toEqual(['image/png', png.length]);

    // downloads: the bytes as uploaded, with the headers of every attachment
    for (const [attachment, bytes, type] of [
      [attachments[0], png, 'image/png'],
      [attachments[1], log, 'text/plain; charset=utf-8'],
    ] as const) {
      expect(attachment.url).toBe(`/api/support/attachments/${attachment.uid}`);
      const response = await download(demo, attachment.url);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(bytes)).toBe(true);
      expect(response.headers).toMatchObject({
        'content-type': type,
        'content-length': String(bytes.length),
        'x-content-type-options': 'nosniff',
        'content-security-policy': "sandbox; default-src 'none'",
        'cache-control': 'private, no-store',
      });
    }
    expect((await download(demo, attachments[0].url)).headers['content-disposition']).toBe(
      `attachment; filename="Bildschirmfoto _ df.png"; filename*=UTF-8''Bildschirmfoto%20%E2%80%93%20df.png`,
    );

    // another customer: the same 404 as an unknown attachment; no session: 403
    const other = await signedIn(seed.otherUser);
    expect((await download(other, attachments[0].url)).statusCode).toBe(404);
    expect((await download(null, attachments[0].url)).statusCode).toBe(403);

    // an object gone from the bucket (removed by hand): 404, not an error
    await app.graphql.support.storage.delete(pngRow.storageKey);
    expect(await objectKeys()).toEqual(keys.filter((key) => !key.endsWith(pngRow.storageKey)));
    expect((await download(demo, attachments[0].url)).statusCode).toBe(404);
    await app.graphql.support.storage.delete(pngRow.storageKey); // deleting twice is no error
  });

  it('removes the stored objects again when the message cannot be written', async () => {
    const before = await objectKeys();
    const [workspace] = await database.db
      .select({ contractUid: workspaces.contractUid })
      .from(workspaces)
      .where(eq(workspaces.contractUid, DEMO_CONTRACTS.cabinet));
    const sending = app.graphql.support.send({
      // a workspace id no row has: the thread's insert fails after the file was stored
      workspace: { id: '00000000-0000-4000-8000-000000000000', contractUid: workspace!.contractUid },
      author: seed.demoUser,
      thread: null,
      subject: 'Never stored',
      body: 'x',
      files: [{ name: 'a.txt', size: 3, bytes: async () => new Uint8Array([1, 2, 3]) }],
    });
    await expect(sending).rejects.toThrow();
    expect(await objectKeys()).toEqual(before);
  });
});

describe('PORTAL_S3_* settings', () => {
  const read = (env: Record<string, string>) => {
    const problems: string[] = [];
    const config = readSupport(
      env,
      { kind: 'pglite', dataDir: PGLITE_MEMORY },
      '/repo',
      PGLITE_MEMORY,
      problems,
    );
    return { config, problems };
  };

  it('reads a bucket with its defaults, and none without PORTAL_S3_BUCKET', () => {
    expect(read({}).config.s3).toBeUndefined();
    expect(read({ PORTAL_S3_BUCKET: 'attachments.example' })).toEqual({
      config: {
        storageDir: 'memory',
        autoAcknowledge: false,
        s3: {
          bucket: 'attachments.example',
          endpoint: undefined,
          region: 'us-east-1',
          forcePathStyle: false,
          credentials: undefined,
          prefix: '',
        },
      },
      problems: [],
    });
    expect(
      read({ PORTAL_S3_BUCKET: 'b-1', AWS_REGION: 'eu-west-1', PORTAL_S3_PREFIX: 'a/b' }).config.s3,
    ).toMatchObject({
      region: 'eu-west-1',
      prefix: 'a/b/',
    });
  });

  it('refuses bad values, naming each variable', () => {
    expect(
      read({
        PORTAL_S3_BUCKET: 'My_Bucket',
        PORTAL_S3_ENDPOINT: 'minio:9000',
        PORTAL_S3_REGION: 'EU Central',
        PORTAL_S3_FORCE_PATH_STYLE: 'yes',
        PORTAL_S3_ACCESS_KEY_ID: 'AKIA',
        PORTAL_S3_PREFIX: '/attachments',
        PORTAL_SUPPORT_STORAGE_DIR: '/var/lib/portal',
      }).problems,
    ).toEqual([
      'PORTAL_S3_BUCKET: "My_Bucket" is not a bucket name (3-63 lower-case letters, digits, dots and hyphens)',
      'PORTAL_S3_ENDPOINT: "minio:9000" is not an http(s) URL such as https://s3.example.com',
      'PORTAL_S3_REGION: "EU Central" is not a region name such as eu-central-1',
      'PORTAL_S3_FORCE_PATH_STYLE: "yes" is not 1, 0, true or false',
      'PORTAL_S3_ACCESS_KEY_ID and PORTAL_S3_SECRET_ACCESS_KEY: set both, or neither (the SDK default chain)',
      `PORTAL_S3_PREFIX: "/attachments" is not a key prefix (letters, digits and !_.*'()/-, no leading or double slash)`,
      'PORTAL_SUPPORT_STORAGE_DIR and PORTAL_S3_BUCKET: attachments go to one store; set one of them',
    ]);
    expect(read({ PORTAL_S3_ENDPOINT: 'http://127.0.0.1:9000' }).problems).toEqual([
      'PORTAL_S3_ENDPOINT: set PORTAL_S3_BUCKET too, or none of them',
    ]);
  });
});
