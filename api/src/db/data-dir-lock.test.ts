import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.js';

const LOCK_MODULE = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));

/** Another node process that takes the lock and says so; it holds it until it ends. */
async function holderProcess(dir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { acquireDataDirLock } = await import(${JSON.stringify(LOCK_MODULE)});
       await acquireDataDirLock(${JSON.stringify(dir)});
       console.log('held');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], cwd: fileURLToPath(new URL('../..', import.meta.url)) },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
}

describe('acquireDataDirLock', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'portal-lock-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('holds the folder until released, also against this very process', async () => {
    const dir = join(tmp, 'a');
    const release = await acquireDataDirLock(dir);
    await expect(acquireDataDirLock(dir, { waitS: 0.2 })).rejects.toThrow(DataDirLockedError);
    await expect(acquireDataDirLock(dir, { waitS: 0.2 })).rejects.toThrow(/already open in this process/);
    await release();
    await (await acquireDataDirLock(dir))();
  });

  it('refuses a folder another running process holds, naming it', async () => {
    const dir = join(tmp, 'b');
    const other = await holderProcess(dir);
    try {
      await expect(acquireDataDirLock(dir, { waitS: 0.2 })).rejects.toThrow(
        new RegExp(`already open in process ${other.pid}`),
      );
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('is free again once its holder is killed with -9, whatever pid the lock file names', async () => {
    const dir = join(tmp, 'c');
    const other = await holderProcess(dir);
    const gone = new Promise((resolve) => other.once('exit', resolve));
    other.kill('SIGKILL');
    await gone;
    // a container restarting as PID 1 finds "1" there: its own pid, which a PID file took for alive
    writeFileSync(`${dir}.lock`, '1');
    const release = await acquireDataDirLock(dir);
    await release();
  });
});
