import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.js';

describe('acquireDataDirLock', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-lock-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('holds the folder until released', () => {
    const dir = join(tmp, 'a');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(/already open in this process/);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    acquireDataDirLock(dir)();
  });

  it('refuses a folder another running process holds', () => {
    const dir = join(tmp, 'b');
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(new RegExp(`already open in process ${process.ppid}`));
  });

  it('takes over a lock left by a process that is gone', () => {
    const dir = join(tmp, 'c');
    writeFileSync(`${dir}.lock`, '2147483646');
    const release = acquireDataDirLock(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });
});
