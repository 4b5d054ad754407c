import { writeFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { PGLITE_MEMORY } from '../config.js';
import { openDatabase } from './client.js';

/**
 * Writes to `file` a dump (PGlite's `dumpDataDir`) of an in-memory PGlite with every migration
 * applied. An in-memory database started from it (`PGLITE_TEMPLATE`, `loadDataDir`) skips PGlite's
 * initdb and the migrations: about 1.5-3 s of each start on a 2-core machine. The api tests' files
 * (`test/pglite-template.ts`) and the e2e suites' portals start from one.
 */
export async function writePgliteTemplate(file: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir: PGLITE_MEMORY });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}
