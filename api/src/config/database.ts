import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGLITE_MEMORY, REPO_ROOT } from './paths.js';
import { invalid, reader, text } from './readers.js';
import { configPart, variable } from './schema.js';

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /**
   * `dataDir` is an absolute folder, or `memory://` for a throw-away in-memory database, which may
   * start from `loadDataDir`, a dump of another (PGlite's `dumpDataDir`: a migrated template,
   * `db/pglite-template.ts`, which the api tests and the e2e suites' portals start from).
   */
  | { kind: 'pglite'; dataDir: string; loadDataDir?: Blob };

const DATABASE_URL = variable({
  name: 'DATABASE_URL',
  description:
    'use this PostgreSQL server (a `pg` pool) instead of PGlite: sessions, rate limits, events and jobs are then shared by every api process',
  schema: reader('postgres:// or postgresql:// URL', undefined as string | undefined, (value) => {
    let protocol: string | undefined;
    try {
      protocol = new URL(value).protocol;
    } catch {
      protocol = undefined;
    }
    return protocol === 'postgres:' || protocol === 'postgresql:'
      ? value
      : invalid('expected a postgres:// or postgresql:// connection URL');
  }),
  secret: true,
  example: { value: 'postgres://portal:CHANGE-ME@db.internal:5432/portal' },
});

const PGLITE_DIR = variable({
  name: 'PGLITE_DIR',
  description: `PGlite data folder when \`DATABASE_URL\` is unset; \`${PGLITE_MEMORY}\` for a throw-away in-memory database`,
  schema: text('path'),
  defaultText: '<repo>/.data/pglite',
});

const PGLITE_TEMPLATE = variable({
  name: 'PGLITE_TEMPLATE',
  description: `with \`PGLITE_DIR=${PGLITE_MEMORY}\`: start from this dump of a migrated PGlite (\`node api/dist/cli/pglite-template.js <file>\` writes one) instead of initdb and every migration; the e2e suites' portals use it`,
  schema: text('path'),
});

const SEED = variable({
  name: 'PORTAL_SEED',
  description:
    'after migrating at start, upsert the demo accounts (see "Demo accounts"); only for a demo deployment',
  schema: reader('demo', undefined as 'demo' | undefined, (value) =>
    value === 'demo' ? value : invalid(`"${value}" is not supported (use "demo" or leave it unset)`),
  ),
});

/** PostgreSQL when `DATABASE_URL` is set, else embedded PGlite; and the demo seed. */
export const databasePart = configPart({
  key: 'database',
  title: 'the database',
  variables: [DATABASE_URL, PGLITE_DIR, PGLITE_TEMPLATE, SEED],
  build: (get, { raw, problem }) => {
    // A malformed URL still means PostgreSQL (its problem is listed), so the checks that depend on
    // the database's kind report theirs too.
    const url = get(DATABASE_URL) ?? raw(DATABASE_URL);
    return {
      database: readDatabase(url, get(PGLITE_DIR), get(PGLITE_TEMPLATE), problem),
      seed: get(SEED),
    };
  },
});

function readDatabase(
  url: string | undefined,
  dir: string | undefined,
  template: string | undefined,
  problem: (message: string) => void,
): DatabaseConfig {
  if (url !== undefined) return { kind: 'postgres', url };
  if (template !== undefined) {
    if (dir !== PGLITE_MEMORY) problem(`PGLITE_TEMPLATE: only with PGLITE_DIR=${PGLITE_MEMORY}`);
    else {
      try {
        return { kind: 'pglite', dataDir: PGLITE_MEMORY, loadDataDir: new Blob([readFileSync(template)]) };
      } catch (error) {
        problem(`PGLITE_TEMPLATE: cannot read ${template} (${(error as Error).message})`);
      }
    }
  }
  if (dir === PGLITE_MEMORY) return { kind: 'pglite', dataDir: PGLITE_MEMORY };
  return { kind: 'pglite', dataDir: dir === undefined ? resolve(REPO_ROOT, '.data/pglite') : resolve(dir) };
}
