import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { type Remote, remoteDir } from './paths';

/**
 * Builds a variant of a remote in production mode, as its team would release it: from a copy of its
 * sources (changed by `edit`) into `remote-x/.tmp/<name>`, leaving the real sources and dist alone.
 * Returns the output folder.
 */
export function buildRemoteVariant(
  remote: Remote,
  name: string,
  { edit, env = {} }: { edit?: (srcDir: string) => void; env?: Record<string, string> } = {},
): string {
  const dir = remoteDir(remote);
  const srcCopy = path.join(dir, '.variant-src', name);
  const outDir = path.join(dir, '.tmp', name);
  rmSync(srcCopy, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
  cpSync(path.join(dir, 'src'), srcCopy, { recursive: true });
  edit?.(srcCopy);
  execFileSync(
    process.execPath,
    [path.join(dir, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'],
    {
      cwd: dir,
      env: {
        ...process.env,
        PORTAL_SRC_DIR: path.relative(dir, srcCopy),
        PORTAL_OUT_DIR: path.relative(dir, outDir),
        ...env,
      },
      stdio: 'pipe',
    },
  );
  return outDir;
}
