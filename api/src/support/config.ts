import { dirname, resolve } from 'node:path';

/** Support's settings (README, "Support"). */
export interface SupportConfig {
  /**
   * `PORTAL_SUPPORT_STORAGE_DIR`: the folder attachments are stored in; default `support-attachments`
   * beside the PGlite data folder (`.data/support-attachments`). `memory` keeps them in memory (the
   * default with a `memory://` database: tests).
   */
  storageDir: string | 'memory';
  /** `PORTAL_SUPPORT_AUTO_ACK=1`: answer every new thread at once that support has the message. */
  autoAcknowledge: boolean;
}

type Env = Record<string, string | undefined>;

export function readSupport(
  env: Env,
  database: { kind: 'postgres' } | { kind: 'pglite'; dataDir: string },
  repoRoot: string,
  memoryDir: string,
  problems: string[],
): SupportConfig {
  const dir = env.PORTAL_SUPPORT_STORAGE_DIR?.trim();
  const flag = env.PORTAL_SUPPORT_AUTO_ACK?.trim();
  if (flag && !['0', '1', 'true', 'false'].includes(flag)) {
    problems.push(`PORTAL_SUPPORT_AUTO_ACK: "${flag}" is not 1, 0, true or false`);
  }
  let storageDir: string;
  if (dir) storageDir = dir === 'memory' ? 'memory' : resolve(dir);
  else if (database.kind === 'pglite' && database.dataDir === memoryDir) storageDir = 'memory';
  else if (database.kind === 'pglite') storageDir = resolve(dirname(database.dataDir), 'support-attachments');
  else storageDir = resolve(repoRoot, '.data/support-attachments');
  return { storageDir, autoAcknowledge: flag === '1' || flag === 'true' };
}
