import { createAppConfig } from '@portal/shared/build';

export default (_env, argv) =>
  createAppConfig({
    kind: 'remote',
    name: 'support',
    dir: import.meta.dirname,
    mode: argv.mode ?? 'production',
  });
