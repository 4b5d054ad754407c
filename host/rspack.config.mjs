import { createAppConfig } from '@portal/shared/build';

export default (_env, argv) =>
  createAppConfig({
    kind: 'host',
    name: 'host',
    dir: import.meta.dirname,
    runtimePlugins: ['./src/federation/runtimePlugin.ts'],
    mode: argv.mode ?? 'production',
  });
