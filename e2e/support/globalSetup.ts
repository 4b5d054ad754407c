import { existsSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, REPO, remoteDir } from './paths';

/** The suites run against the production build; `npm test` builds it before them. */
export default function globalSetup(): void {
  const missing = [
    path.join(REPO, 'host/dist/index.html'),
    path.join(REPO, 'api/dist/main.js'),
    ...REMOTES.map((r) => path.join(remoteDir(r), 'dist/mf-manifest.json')),
  ].filter((file) => !existsSync(file));
  if (missing.length) {
    throw new Error(`Production build missing (run \`npm run build\` first):\n${missing.join('\n')}`);
  }
}
