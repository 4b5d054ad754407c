import { fileURLToPath } from 'node:url';

/** The monorepo root; `src/config/` and `dist/config/` sit at the same depth, so this holds for both. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export const PGLITE_MEMORY = 'memory://';
