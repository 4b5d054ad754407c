#!/usr/bin/env node
// `pnpm run deps`: the dependency rules of .dependency-cruiser.cjs on every package's src. Prints
// each violation with the rule's reason, then a count per rule; exits 1 on any error (the CLI's
// exit code is the number of errors, which the shell would wrap to 0 at 256).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const SOURCES = [
  'api/src',
  'host/src',
  'shared/src',
  'remote-auth/src',
  'remote-workspace/src',
  'remote-billing/src',
  'remote-compute/src',
  'remote-support/src',
];

// The api's violations recorded in `.dependency-cruiser-known-violations.json` (the api's wiring
// before its domains are modules) are reported as known, not failed: any new one fails. Rewrite
// the file with `pnpm run deps:baseline` only when a change removes some.
const KNOWN = '.dependency-cruiser-known-violations.json';

const started = Date.now();
const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
const knownViolations = JSON.parse(readFileSync(KNOWN, 'utf8'));
const { output, exitCode: errors } = await cruise(SOURCES, {
  ...options,
  knownViolations,
  outputType: 'err-long',
});
process.stdout.write(output);

const perRule = new Map();
for (const [, rule] of output.matchAll(/^ {2}(?:error|warn|info) ([\w-]+):/gm)) {
  perRule.set(rule, (perRule.get(rule) ?? 0) + 1);
}
for (const [rule, count] of [...perRule].sort()) console.log(`${String(count).padStart(5)}  ${rule}`);
console.log(
  `[deps] ${knownViolations.length} known, ${errors} new errors (${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
if (errors > 0) process.exitCode = 1;
