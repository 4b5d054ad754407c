import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { writePgliteTemplate } from '../db/pglite-template.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite with every migration applied (`openTestDatabase` starts from it). */
    pgliteTemplate: string;
  }
}

/**
 * Vitest's global set-up: one migrated PGlite, dumped once for the run. Each test file's database
 * starts from the dump instead of running PGlite's initdb and every migration again.
 */
export default async function setup(project: TestProject) {
  const file = path.join(tmpdir(), `portal-pglite-template-${process.pid}.tar`);
  await writePgliteTemplate(file);
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
