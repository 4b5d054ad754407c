import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where attachment bytes live. Keys are the api's own (random, `[0-9a-f-]`), never a user's file
 * name. Two drivers: a folder (the default, under the data directory) and memory (tests, and a
 * `memory://` database). An S3-compatible bucket implements the same three calls (PutObject,
 * GetObject, DeleteObject on `key`); it is not built yet (README, "Support").
 */
export interface AttachmentStorage {
  put(bytes: Uint8Array): Promise<string>;
  get(key: string): Promise<Uint8Array | undefined>;
  delete(key: string): Promise<void>;
}

const KEY = /^[0-9a-f-]{36}$/;

export class FolderStorage implements AttachmentStorage {
  constructor(private readonly dir: string) {}

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error('invalid storage key');
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

  async get(key: string): Promise<Uint8Array | undefined> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

export class MemoryStorage implements AttachmentStorage {
  readonly files = new Map<string, Uint8Array>();

  async put(bytes: Uint8Array): Promise<string> {
    const key = randomUUID();
    this.files.set(key, bytes);
    return key;
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    return this.files.get(key);
  }

  async delete(key: string): Promise<void> {
    this.files.delete(key);
  }
}
