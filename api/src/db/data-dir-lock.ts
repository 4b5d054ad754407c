import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no locking of its own, and two processes on one data folder corrupt it. A lock file
 * beside the folder (`<dir>.lock`, holding the owner's pid) makes a second opener fail fast; a lock
 * left by a process that no longer runs is taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  for (;;) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: number;
    try {
      owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    } catch {
      continue; // released between our attempt and the read: try again
    }
    if (isRunning(owner)) {
      const who = owner === process.pid ? 'this process' : `process ${owner}`;
      throw new DataDirLockedError(
        `The PGlite data folder ${dataDir} is already open in ${who}. ` +
          `Stop it first (or delete ${lockPath} if no such process is running).`,
      );
    }
    rmSync(lockPath, { force: true });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    rmSync(lockPath, { force: true });
  };
}
