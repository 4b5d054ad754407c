// What the first-screen aims of issue 14 leave room for (bench/README.md, "Floors"): tiny builds
// with the apps' own loader, minifier and federation settings (createAppConfig), measured like the
// first screens (brotli 11 and gzip 9 of every emitted script; no source maps counted).
// - the login form floor (bench/floors/login.tsx): a bare login form on the required libraries,
//   one bundle;
// - the federation runtime floor (bench/floors/host.ts, bootstrap.tsx, page.tsx): a host and one
//   remote sharing React and react-dom only; the host's main.js and the remote's entry carry the
//   federation runtime and nothing else, which every federated first screen downloads; and, for
//   comparison, the same pair on rspack's built-in container plugin (host-v1.ts, bootstrap-v1.tsx).
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

/** React and react-dom, shared as the portal shares them (`sharedConfig` in federation.mjs). */
const SHARED = Object.fromEntries(
  ['react', 'react/', 'react-dom', 'react-dom/'].map((key) => [key, { singleton: true }]),
);

/** The floors' remote, the same with either federation plugin. */
const REMOTE = {
  name: 'floor_remote',
  filename: 'static/js/remoteEntry.[contenthash:10].js',
  exposes: { './Page': './page.tsx' },
};

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
      shared: SHARED,
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
      ...REMOTE,
      manifest: { fileName: 'mf-manifest.json' },
      experiments: { externalRuntime: true, optimization: { target: 'web' } },
    }),
  );
  // for comparison: the same pair on rspack's built-in container plugin (webpack 5's runtime)
  const v1 = (options) => new rspack.container.ModuleFederationPluginV1({ shared: SHARED, ...options });
  const hostV1 = baseConfig('floor_host_v1', { main: './host-v1.ts' }, out('host-v1'));
  hostV1.plugins.push(
    v1({ name: 'floor_host_v1', remotes: { floor_remote: 'floor_remote@/remote/remoteEntry.js' } }),
  );
  const remoteV1 = baseConfig('floor_remote', {}, out('remote-v1'));
  remoteV1.plugins.push(v1(REMOTE));
  await build([login, host, remote, hostV1, remoteV1]);
  /** The host's main.js and the remote's entry: what every federated first screen downloads. */
  const runtime = (hostDir, remoteDir) => {
    const hostMain = scripts(out(hostDir), (name) => name.startsWith('main.'));
    const remoteEntry = scripts(out(remoteDir), (name) => name.startsWith('remoteEntry.'));
    const total = Object.fromEntries(Object.keys(hostMain).map((k) => [k, hostMain[k] + remoteEntry[k]]));
    return { hostMain, remoteEntry, total };
  };
  return {
    loginForm: scripts(out('login')),
    federationRuntime: runtime('host', 'remote'),
    containerV1Runtime: runtime('host-v1', 'remote-v1'),
  };
}
