import { dirname, resolve } from 'node:path';
import { PGLITE_MEMORY, REPO_ROOT } from '../config/paths.js';
import { flag, invalid, reader, text } from '../config/readers.js';
import { configPart, type Env, readPart, variable } from '../config/schema.js';

/** An S3-compatible bucket for the attachments (README, "Support"). */
export interface S3StorageConfig {
  bucket: string;
  /** Unset: AWS's endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, Ceph). */
  forcePathStyle: boolean;
  /** Unset: the SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Put before every object key ('' or ending in `/`). */
  prefix: string;
}

/** Support's settings (README, "Support"). */
export interface SupportConfig {
  /** The attachments' folder, or `memory` (the default with a `memory://` database: tests); unused with `s3`. */
  storageDir: string | 'memory';
  s3?: S3StorageConfig;
  autoAcknowledge: boolean;
}

// S3's rules for new buckets: 3-63 lower-case letters, digits, dots and hyphens, a letter or digit at each end
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION_NAME = /^[a-z0-9-]{1,64}$/;
const PREFIX = /^[A-Za-z0-9!_.*'()/-]{0,200}$/;

const STORAGE_DIR = variable({
  name: 'PORTAL_SUPPORT_STORAGE_DIR',
  description:
    'where support attachments are stored (`memory`: in memory, the default with `PGLITE_DIR=memory://`); not together with `PORTAL_S3_BUCKET`',
  schema: text('path or memory'),
  defaultText: '<PGlite folder>/../support-attachments',
});

const AUTO_ACK = variable({
  name: 'PORTAL_SUPPORT_AUTO_ACK',
  description: 'answer every new support thread at once that support has the message',
  schema: flag(),
  example: { value: '0', commented: true },
});

const BUCKET = variable({
  name: 'PORTAL_S3_BUCKET',
  description:
    'store support attachments in this S3-compatible bucket instead of a folder (what several api processes share; see "Support › Storage"); it must exist and stay private, the api never creates it',
  schema: reader('bucket name', undefined as string | undefined, (value) =>
    BUCKET_NAME.test(value)
      ? value
      : invalid(`"${value}" is not a bucket name (3-63 lower-case letters, digits, dots and hyphens)`),
  ),
  example: { value: 'portal-attachments' },
});

const ENDPOINT = variable({
  name: 'PORTAL_S3_ENDPOINT',
  description:
    'the `http(s)://` endpoint of another S3-compatible store: MinIO, Ceph RGW, Cloudflare R2, Hetzner Object Storage, …',
  schema: reader('http(s) URL', undefined as string | undefined, (value) => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username) {
      return invalid(`"${value}" is not an http(s) URL such as https://s3.example.com`);
    }
    return value;
  }),
  defaultText: "AWS's, by region",
  example: { value: 'https://fsn1.your-objectstorage.com' },
});

const REGION = variable({
  name: 'PORTAL_S3_REGION',
  description: "the bucket's region (MinIO and most others accept any)",
  schema: text('region name'),
  defaultText: '`AWS_REGION`, else `us-east-1`',
  example: { value: 'eu-central-1' },
});

const AWS_REGION = variable({
  name: 'AWS_REGION',
  description: "the AWS SDK's region, used when `PORTAL_S3_REGION` is unset",
  schema: text('region name'),
});

const FORCE_PATH_STYLE = variable({
  name: 'PORTAL_S3_FORCE_PATH_STYLE',
  description: 'address `endpoint/bucket/key` (MinIO, Ceph) instead of `bucket.endpoint/key`',
  schema: flag(),
  example: { value: '0' },
});

const ACCESS_KEY_ID = variable({
  name: 'PORTAL_S3_ACCESS_KEY_ID',
  description:
    "with `PORTAL_S3_SECRET_ACCESS_KEY` (both or neither): the store's keys; unset, the AWS SDK's default chain (environment, shared files, container and instance roles, web identity)",
  schema: text('key id'),
  example: { value: '' },
});

const SECRET_ACCESS_KEY = variable({
  name: 'PORTAL_S3_SECRET_ACCESS_KEY',
  description: 'see `PORTAL_S3_ACCESS_KEY_ID`; never logged or published',
  schema: text('secret'),
  secret: true,
  example: { value: '' },
});

const KEY_PREFIX = variable({
  name: 'PORTAL_S3_PREFIX',
  description:
    "put before every object key (`portal/support` → `portal/support/<uuid>`; a `/` is added); keep it for the bucket's life: the database stores the key without it",
  schema: text('key prefix'),
  example: { value: 'portal/support', commented: true },
});

const S3_COMPANIONS = [ENDPOINT, REGION, FORCE_PATH_STYLE, ACCESS_KEY_ID, SECRET_ACCESS_KEY, KEY_PREFIX];

type Get = Parameters<(typeof supportPart)['build']>[0];

function readS3(
  get: Get,
  raw: (v: (typeof S3_COMPANIONS)[number]) => string | undefined,
  problem: (m: string) => void,
) {
  const bucket = get(BUCKET);
  if (raw(BUCKET) === undefined) {
    const others = S3_COMPANIONS.filter((variable) => raw(variable) !== undefined).map((v) => v.name);
    if (others.length > 0) problem(`${others.join(', ')}: set PORTAL_S3_BUCKET too, or none of them`);
    return undefined;
  }
  const endpoint = get(ENDPOINT);
  const region = get(REGION) ?? get(AWS_REGION) ?? 'us-east-1';
  if (!REGION_NAME.test(region))
    problem(`PORTAL_S3_REGION: "${region}" is not a region name such as eu-central-1`);
  const forcePathStyle = get(FORCE_PATH_STYLE);
  const accessKeyId = get(ACCESS_KEY_ID);
  const secretAccessKey = get(SECRET_ACCESS_KEY);
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problem(
      'PORTAL_S3_ACCESS_KEY_ID and PORTAL_S3_SECRET_ACCESS_KEY: set both, or neither (the SDK default chain)',
    );
  }
  let prefix = get(KEY_PREFIX) ?? '';
  if (!PREFIX.test(prefix) || prefix.startsWith('/') || prefix.includes('//')) {
    problem(
      `PORTAL_S3_PREFIX: "${prefix}" is not a key prefix (letters, digits and !_.*'()/-, no leading or double slash)`,
    );
  }
  if (prefix !== '' && !prefix.endsWith('/')) prefix = `${prefix}/`;
  const s3: S3StorageConfig = {
    bucket: bucket ?? raw(BUCKET) ?? '',
    endpoint,
    region,
    forcePathStyle,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix,
  };
  return s3;
}

/** Where support's attachments are kept, and the automatic acknowledgement. */
export const supportPart = configPart({
  key: 'support',
  title: 'support attachments: a folder, or an S3-compatible bucket every process reaches',
  variables: [
    STORAGE_DIR,
    AUTO_ACK,
    BUCKET,
    ENDPOINT,
    REGION,
    AWS_REGION,
    FORCE_PATH_STYLE,
    ACCESS_KEY_ID,
    SECRET_ACCESS_KEY,
    KEY_PREFIX,
  ],
  build: (get, { need, raw, problem }) => {
    const database = need<{ kind: 'postgres' } | { kind: 'pglite'; dataDir: string }>('database');
    const dir = get(STORAGE_DIR);
    const autoAcknowledge = get(AUTO_ACK);
    const s3 = readS3(get, raw, problem);
    if (s3 && dir) {
      problem(
        'PORTAL_SUPPORT_STORAGE_DIR and PORTAL_S3_BUCKET: attachments go to one store; set one of them',
      );
    }
    let storageDir: string;
    if (dir) storageDir = dir === 'memory' ? 'memory' : resolve(dir);
    else if (database.kind === 'pglite' && database.dataDir === PGLITE_MEMORY) storageDir = 'memory';
    else if (database.kind === 'pglite')
      storageDir = resolve(dirname(database.dataDir), 'support-attachments');
    else storageDir = resolve(REPO_ROOT, '.data/support-attachments');
    const support: SupportConfig = { storageDir, ...(s3 ? { s3 } : {}), autoAcknowledge };
    return { support };
  },
});

/** The support part read on its own (its tests), with the database it sits beside. */
export function readSupport(
  env: Env,
  database: { kind: 'postgres' } | { kind: 'pglite'; dataDir: string },
  _repoRoot: string,
  _memoryDir: string,
  problems: string[],
): SupportConfig {
  return readPart(supportPart, env, problems, { database }).support;
}
