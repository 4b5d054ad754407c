import { dirname, resolve } from 'node:path';

/** An S3-compatible bucket for the attachments (README, "Support"). */
export interface S3StorageConfig {
  /** `PORTAL_S3_BUCKET`: the bucket (it must exist and stay private). */
  bucket: string;
  /** `PORTAL_S3_ENDPOINT`: the S3 endpoint of MinIO, Ceph, R2, Hetzner, …; unset: AWS's for the region. */
  endpoint: string | undefined;
  /** `PORTAL_S3_REGION`, else `AWS_REGION`, else `us-east-1` (what MinIO and most others accept). */
  region: string;
  /** `PORTAL_S3_FORCE_PATH_STYLE=1`: `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO, Ceph). */
  forcePathStyle: boolean;
  /** `PORTAL_S3_ACCESS_KEY_ID` and `PORTAL_S3_SECRET_ACCESS_KEY`; unset: the SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `PORTAL_S3_PREFIX`: put before every object key ('' or ending in `/`). */
  prefix: string;
}

/** Support's settings (README, "Support"). */
export interface SupportConfig {
  /**
   * `PORTAL_SUPPORT_STORAGE_DIR`: the folder attachments are stored in; default `support-attachments`
   * beside the PGlite data folder (`.data/support-attachments`). `memory` keeps them in memory (the
   * default with a `memory://` database: tests). Not used when `s3` is set.
   */
  storageDir: string | 'memory';
  /** `PORTAL_S3_BUCKET` and its companions: attachments go to that bucket instead. */
  s3?: S3StorageConfig;
  /** `PORTAL_SUPPORT_AUTO_ACK=1`: answer every new thread at once that support has the message. */
  autoAcknowledge: boolean;
}

type Env = Record<string, string | undefined>;

const FLAGS = ['0', '1', 'true', 'false'];
// S3's rules for new buckets: 3-63 lower-case letters, digits, dots and hyphens, a letter or digit at each end
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9-]{1,64}$/;
const PREFIX = /^[A-Za-z0-9!_.*'()/-]{0,200}$/;

function readS3(env: Env, problems: string[]): S3StorageConfig | undefined {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('PORTAL_S3_BUCKET');
  const others = [
    'PORTAL_S3_ENDPOINT',
    'PORTAL_S3_REGION',
    'PORTAL_S3_FORCE_PATH_STYLE',
    'PORTAL_S3_ACCESS_KEY_ID',
    'PORTAL_S3_SECRET_ACCESS_KEY',
    'PORTAL_S3_PREFIX',
  ].filter((name) => value(name) !== undefined);
  if (!bucket) {
    if (others.length > 0) problems.push(`${others.join(', ')}: set PORTAL_S3_BUCKET too, or none of them`);
    return undefined;
  }
  if (!BUCKET.test(bucket)) {
    problems.push(
      `PORTAL_S3_BUCKET: "${bucket}" is not a bucket name (3-63 lower-case letters, digits, dots and hyphens)`,
    );
  }
  const endpoint = value('PORTAL_S3_ENDPOINT');
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username) {
      problems.push(`PORTAL_S3_ENDPOINT: "${endpoint}" is not an http(s) URL such as https://s3.example.com`);
    }
  }
  const region = value('PORTAL_S3_REGION') ?? value('AWS_REGION') ?? 'us-east-1';
  if (!REGION.test(region))
    problems.push(`PORTAL_S3_REGION: "${region}" is not a region name such as eu-central-1`);
  const pathStyle = value('PORTAL_S3_FORCE_PATH_STYLE');
  if (pathStyle !== undefined && !FLAGS.includes(pathStyle)) {
    problems.push(`PORTAL_S3_FORCE_PATH_STYLE: "${pathStyle}" is not 1, 0, true or false`);
  }
  const accessKeyId = value('PORTAL_S3_ACCESS_KEY_ID');
  const secretAccessKey = value('PORTAL_S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push(
      'PORTAL_S3_ACCESS_KEY_ID and PORTAL_S3_SECRET_ACCESS_KEY: set both, or neither (the SDK default chain)',
    );
  }
  let prefix = value('PORTAL_S3_PREFIX') ?? '';
  if (!PREFIX.test(prefix) || prefix.startsWith('/') || prefix.includes('//')) {
    problems.push(
      `PORTAL_S3_PREFIX: "${prefix}" is not a key prefix (letters, digits and !_.*'()/-, no leading or double slash)`,
    );
  }
  if (prefix !== '' && !prefix.endsWith('/')) prefix = `${prefix}/`;
  return {
    bucket,
    endpoint,
    region,
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix,
  };
}

export function readSupport(
  env: Env,
  database: { kind: 'postgres' } | { kind: 'pglite'; dataDir: string },
  repoRoot: string,
  memoryDir: string,
  problems: string[],
): SupportConfig {
  const dir = env.PORTAL_SUPPORT_STORAGE_DIR?.trim();
  const flag = env.PORTAL_SUPPORT_AUTO_ACK?.trim();
  if (flag && !FLAGS.includes(flag)) {
    problems.push(`PORTAL_SUPPORT_AUTO_ACK: "${flag}" is not 1, 0, true or false`);
  }
  const s3 = readS3(env, problems);
  if (s3 && dir) {
    problems.push(
      'PORTAL_SUPPORT_STORAGE_DIR and PORTAL_S3_BUCKET: attachments go to one store; set one of them',
    );
  }
  let storageDir: string;
  if (dir) storageDir = dir === 'memory' ? 'memory' : resolve(dir);
  else if (database.kind === 'pglite' && database.dataDir === memoryDir) storageDir = 'memory';
  else if (database.kind === 'pglite') storageDir = resolve(dirname(database.dataDir), 'support-attachments');
  else storageDir = resolve(repoRoot, '.data/support-attachments');
  return { storageDir, ...(s3 ? { s3 } : {}), autoAcknowledge: flag === '1' || flag === 'true' };
}
