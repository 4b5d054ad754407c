// What the first-screen aims of issue 14 leave room for (bench/README.md, "Floors"): two tiny builds
// with the apps' own loader, minifier and federation settings (createAppConfig), measured like the
// first screens (brotli 11 and gzip 9 of every emitted script; no source maps counted).
// - the login form floor (bench/floors/login.tsx): a bare login form on the required libraries,
//   one bundle;
// - the federation runtime floor (bench/floors/host.ts, bootstrap.tsx, page.tsx): a host and one
//   remote sharing React and react-dom only; the host's main.js and the remote's entry carry the
//   federation runtime and nothing else, which every federated first screen downloads.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { createAppConfig } from '@portal/shared/build';
import { rspack } from '@rspack/core';

const benchDir = path.resolve(import.meta.dirname, '..');
const rootDir = path.resolve(benchDir, '..');
const sourcesDir = path.join(benchDir, 'floors');
const sharedModules = path.join(rootDir, 'shared/node_modules');

/** The apps' production settings without their entries, federation, chunk groups or HTML. */
function baseConfig(name, entry, outDir) {
  const app = createAppConfig({
    kind: 'host',
    name: 'host',
    dir: path.join(rootDir, 'host'),
    mode: 'production',
  });
  return {
    mode: 'production',
    context: sourcesDir,
    target: 'web',
    entry,
    devtool: false,
    output: { ...app.output, path: outDir, publicPath: 'auto', uniqueName: name },
    resolve: { ...app.resolve, modules: ['node_modules', sharedModules] },
    module: app.module,
    optimization: { ...app.optimization, splitChunks: false },
    plugins: app.plugins.filter((p) => p instanceof rspack.DefinePlugin),
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'error' },
  };
}

const build = (configs) =>
  new Promise((resolve, reject) => {
    const compiler = rspack(configs);
    compiler.run((err, stats) => {
      compiler.close(() => {});
      if (err) reject(err);
      else if (stats.hasErrors()) reject(new Error(`floors: build failed\n${stats.toString('errors-only')}`));
      else resolve(undefined);
    });
  });

const brotli = (data) =>
  zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Raw, gzip -9 and brotli 11 bytes of the scripts of `dir` whose name passes `pick`. */
function scripts(dir, pick = () => true) {
  const sum = { files: 0, raw: 0, gzip: 0, brotli: 0 };
  for (const file of readdirSync(dir, { recursive: true })) {
    if (!String(file).endsWith('.js') || !pick(path.basename(String(file)))) continue;
    const data = readFileSync(path.join(dir, String(file)));
    sum.files += 1;
    sum.raw += data.length;
    sum.gzip += zlib.gzipSync(data, { level: 9 }).length;
    sum.brotli += brotli(data);
  }
  return sum;
}

/** @param {{ tmpDir: string }} o */
export async function measureFloors({ tmpDir }) {
  const out = (name) => path.join(tmpDir, 'floors', name);
  rmSync(path.join(tmpDir, 'floors'), { recursive: true, force: true });
  const require = createRequire(path.join(rootDir, 'shared/package.json'));
  const { ModuleFederationPlugin } = await import(require.resolve('@module-federation/enhanced/rspack'));
  const federation = (options) =>
    new ModuleFederationPlugin({
      shared: {
        react: { singleton: true },
        'react/': { singleton: true },
        'react-dom': { singleton: true },
        'react-dom/': { singleton: true },
      },
      shareStrategy: 'loaded-first',
      dts: false,
      dev: false,
      ...options,
    });

  const login = baseConfig('floor_login', { main: './login.tsx' }, out('login'));
  const host = baseConfig('floor_host', { main: './host.ts' }, out('host'));
  host.plugins.push(
    federation({
      name: 'floor_host',
      manifest: false,
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
    }),
  );
  const remote = baseConfig('floor_remote', {}, out('remote'));
  remote.plugins.push(
    federation({
      name: 'floor_remote',
      filename: 'static/js/remoteEntry.[contenthash:10].js',
      exposes: { './Page': './page.tsx' },
      manifest: { fileName: 'mf-manifest.json' },
      experiments: { externalRuntime: true, optimization: { target: 'web' } },
    }),
  );
  await build([login, host, remote]);
  const hostMain = scripts(out('host'), (name) => name.startsWith('main.'));
  const remoteEntry = scripts(out('remote'), (name) => name.startsWith('remoteEntry.'));
  return {
    loginForm: scripts(out('login')),
    federationRuntime: {
      hostMain,
      remoteEntry,
      total: Object.fromEntries(Object.keys(hostMain).map((k) => [k, hostMain[k] + remoteEntry[k]])),
    },
  };
}
