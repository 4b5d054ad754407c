// Rewrites the api README's variable tables and deploy/portal.env.example from the configuration
// schema (src/config/parts.ts): `pnpm -C api run config:docs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { envExample, replaceBetweenMarkers, variablesMarkdown } from '../src/config/docs.js';
import { DEFAULT_PARTS } from '../src/config/parts.js';
import { REPO_ROOT } from '../src/config/paths.js';

const readme = resolve(REPO_ROOT, 'api/README.md');
writeFileSync(readme, replaceBetweenMarkers(readFileSync(readme, 'utf8'), variablesMarkdown(DEFAULT_PARTS)));
writeFileSync(resolve(REPO_ROOT, 'deploy/portal.env.example'), envExample(DEFAULT_PARTS));
console.log('wrote api/README.md (Environment) and deploy/portal.env.example');
