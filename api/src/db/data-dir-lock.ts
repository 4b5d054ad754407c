import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** How long an opener waits for a lock its previous holder is still letting go of. */
const DEFAULT_WAIT_S = 3;

/**
 * PGlite has no locking of its own, and two processes on one data folder corrupt it. The folder is
 * locked with an OS file lock (`flock(2)` on `<dir>.lock`, through util-linux's `flock`, held by a
 * small child process whose stdin is this process): the kernel lets go of it when this process
 * ends in any way, `kill -9` included, so no stale lock survives a crash, and a container that
 * restarts as PID 1 opens its folder again (a PID file could not tell its own old PID from itself).
 * Another opener waits up to `waitS` seconds, then gets `DataDirLockedError`. Resolves to the
 * release function, which resolves once the lock is free.
 */
export async function acquireDataDirLock(
  dataDir: string,
  { waitS = DEFAULT_WAIT_S }: { waitS?: number } = {},
): Promise<() => Promise<void>> {
  const lockPath = `${dataDir}.lock`;
  const holder = spawn(
    'flock',
    ['--exclusive', '--wait', String(waitS), lockPath, '--command', 'echo locked; exec cat'],
    {
      stdio: ['pipe', 'pipe', 'ignore'],
    },
  );
  const acquired = await new Promise<boolean>((resolve, reject) => {
    holder.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error('`flock` (util-linux) is needed to lock the PGlite data folder; install util-linux')
          : error,
      ),
    );
    holder.stdout.once('data', () => resolve(true));
    holder.once('exit', () => resolve(false));
  });
  if (!acquired) {
    const owner = readOwner(lockPath);
    const who = owner === process.pid ? 'this process' : owner ? `process ${owner}` : 'another process';
    throw new DataDirLockedError(
      `The PGlite data folder ${dataDir} is already open in ${who}. Stop it first: the lock (${lockPath}) is ` +
        'an OS lock, released when its holder ends.',
    );
  }
  // for a person looking: who holds it (the lock itself is the flock, not this number)
  writeFileSync(lockPath, String(process.pid));
  // the holder must not keep this process alive; it ends when our end of its stdin closes
  holder.unref();
  for (const stream of [holder.stdin, holder.stdout]) (stream as unknown as { unref?: () => void }).unref?.();
  const released = new Promise<void>((resolve) => holder.once('exit', () => resolve()));
  return () => {
    if (holder.exitCode === null && holder.signalCode === null) holder.stdin.end();
    return released;
  };
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
