import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from './config.js';

/** An attachment's bytes as a stream, and their length (the route's `Content-Length`). */
export interface StoredFile {
  body: Readable;
  size: number;
}

/**
 * Where attachment bytes live. Keys are the api's own (random, `[0-9a-f-]`), never a user's file
 * name. Three drivers: a folder (the default, under the data directory), an S3-compatible bucket
 * (`PORTAL_S3_BUCKET`: AWS S3, MinIO, Ceph, R2, Hetzner Object Storage, …; what several api
 * processes share) and memory (tests, and a `memory://` database). Downloads always go through the
 * api's authorised route (`attachments.ts`), which streams `open(key)`: no driver hands out a URL.
 */
export interface AttachmentStorage {
  /** Stores the bytes under a new key and answers it. */
  put(bytes: Uint8Array, contentType: string): Promise<string>;
  /** The stored bytes, or undefined when nothing is stored under `key`. */
  open(key: string): Promise<StoredFile | undefined>;
  /** Removes the bytes; no error when there are none. */
  delete(key: string): Promise<void>;
  /** Releases connections (at the app's close). */
  close?(): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}$/;

const checkedKey = (key: string): string => {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return key;
};

export class FolderStorage implements AttachmentStorage {
  constructor(private readonly dir: string) {}

  private path(key: string): string {
    checkedKey(key);
    // two levels of fan-out keep folders small
    return join(this.dir, key.slice(0, 2), key);
  }

  async put(bytes: Uint8Array): Promise<string> {
    const key = randomUUID();
    const path = this.path(key);
    await mkdir(join(this.dir, key.slice(0, 2)), { recursive: true });
    await writeFile(path, bytes, { flag: 'wx' });
    return key;
  }

  async open(key: string): Promise<StoredFile | undefined> {
    const path = this.path(key);
    try {
      const { size } = await stat(path);
      return { body: createReadStream(path), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

/**
 * An S3-compatible bucket. Objects are private (no ACL is sent: the bucket's own policy applies, and
 * buckets that enforce owner-only objects refuse ACL headers) under `prefix + key`, with the
 * attachment's content type. The bucket must exist; the api never creates one.
 */
export class S3Storage implements AttachmentStorage {
  readonly bucket: string;
  readonly prefix: string;
  private sdk: Promise<{ s3: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;

  constructor(private readonly config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.prefix = config.prefix;
  }

  /** The SDK and its client, loaded at the first use (an api without a bucket never loads the SDK). */
  private connect() {
    this.sdk ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: this.config.region,
        ...(this.config.endpoint ? { endpoint: this.config.endpoint } : {}),
        forcePathStyle: this.config.forcePathStyle,
        // without keys: the SDK's default chain (AWS_* variables, shared files, container or instance roles)
        ...(this.config.credentials ? { credentials: this.config.credentials } : {}),
        // checksums only where S3 requires them: many S3-compatible stores (older MinIO and Ceph,
        // some providers) refuse the SDK's newer default CRC headers and aws-chunked bodies
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        // a store that does not answer fails the request in seconds, not at the socket's default
        requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      }),
    }));
    return this.sdk;
  }

  /** The object key of an attachment key. */
  objectKey(key: string): string {
    return `${this.prefix}${checkedKey(key)}`;
  }

  async put(bytes: Uint8Array, contentType: string): Promise<string> {
    const { s3, client } = await this.connect();
    const key = randomUUID();
    await client.send(
      new s3.PutObjectCommand({
        Bucket: this.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentLength: bytes.byteLength,
        ContentType: contentType,
      }),
    );
    return key;
  }

  async open(key: string): Promise<StoredFile | undefined> {
    const { s3, client } = await this.connect();
    try {
      const object = await client.send(
        new s3.GetObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }),
      );
      const body = object.Body;
      if (!(body instanceof Readable)) throw new Error('S3 answered no readable body');
      return { body, size: object.ContentLength ?? 0 };
    } catch (error) {
      if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === 'NotFound') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const { s3, client } = await this.connect();
    // S3 answers 204 whether or not the object existed
    await client.send(new s3.DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /** Closes the client's sockets (the app's onClose). */
  async close(): Promise<void> {
    if (this.sdk) (await this.sdk).client.destroy();
  }
}

export class MemoryStorage implements AttachmentStorage {
  readonly files = new Map<string, Uint8Array>();

  async put(bytes: Uint8Array): Promise<string> {
    const key = randomUUID();
    this.files.set(key, bytes);
    return key;
  }

  async open(key: string): Promise<StoredFile | undefined> {
    const bytes = this.files.get(key);
    return bytes ? { body: Readable.from([Buffer.from(bytes)]), size: bytes.byteLength } : undefined;
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}

/** The driver the configuration asks for. */
export function createAttachmentStorage(config: {
  storageDir: string | 'memory';
  s3?: S3StorageConfig | undefined;
}): AttachmentStorage {
  if (config.s3) return new S3Storage(config.s3);
  return config.storageDir === 'memory' ? new MemoryStorage() : new FolderStorage(config.storageDir);
}
