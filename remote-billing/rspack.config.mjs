import { readFileSync } from 'node:fs';
import { createAppConfig } from '@portal/shared/build';

const exposes = JSON.parse(readFileSync(new URL('./exposes.json', import.meta.url), 'utf8'));

export default (_env, argv) =>
  createAppConfig({
    kind: 'remote',
    name: 'billing',
    dir: import.meta.dirname,
    exposes,
    mode: argv.mode ?? 'production',
  });
