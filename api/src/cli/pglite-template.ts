import { writePgliteTemplate } from '../db/pglite-template.js';

// `node api/dist/cli/pglite-template.js <file>`: a migrated in-memory PGlite dumped to <file>, for
// PGLITE_TEMPLATE (the e2e suites' portals start from one).
const file = process.argv[2];
if (!file) {
  console.error('usage: node api/dist/cli/pglite-template.js <file>');
  process.exit(2);
}
await writePgliteTemplate(file);
