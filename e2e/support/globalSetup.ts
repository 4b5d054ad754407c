import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTES, REPO, remoteDir } from './paths';

/**
 * The suites run against the production build; `npm test` builds it before them. Every portal of
 * the run starts its in-memory database from one migrated PGlite dumped here (the api's
 * `PGLITE_TEMPLATE`, `support/portal.ts`): PGlite's initdb and the migrations once, not once per
 * portal. Returns the teardown.
 */
export default function globalSetup(): () => void {
  const missing = [
    path.join(REPO, 'host/dist/index.html'),
    path.join(REPO, 'api/dist/main.js'),
    ...REMOTES.map((r) => path.join(remoteDir(r), 'dist/mf-manifest.json')),
  ].filter((file) => !existsSync(file));
  if (missing.length) {
    throw new Error(`Production build missing (run \`npm run build\` first):\n${missing.join('\n')}`);
  }
  if (process.env.E2E_BASE_URL) return () => {};
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-template-'));
  const file = path.join(dir, 'pglite.tar');
  const made = spawnSync(process.execPath, [path.join(REPO, 'api/dist/cli/pglite-template.js'), file], {
    encoding: 'utf8',
  });
  if (made.status !== 0) throw new Error(`the PGlite template failed:\n${made.stderr}`);
  process.env.PORTAL_E2E_PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
