// The QEMU driver's figures alone (issue 18; `npm run bench` includes them): node qemu.mjs [--vms N]
// (pnpm --filter @portal/bench bench:qemu; default 2, at most 3). Build the api first.
import path from 'node:path';
import { measureQemu, qemuSection } from './lib/qemu.mjs';

const argIndex = process.argv.indexOf('--vms');
const count = Number(argIndex > 0 ? process.argv[argIndex + 1] : 2) || 2;
const results = await measureQemu({
  rootDir: path.resolve(import.meta.dirname, '..'),
  count,
  log: (line) => console.log(`bench: ${line}`),
});
console.log(`\n${qemuSection(results).join('\n')}`);
process.exit('skipped' in results ? 1 : 0);
