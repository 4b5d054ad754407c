// Build configuration shared by the host and every remote: one place for the Module Federation
// settings (share scope, singletons, strategy), the TypeScript loader and content-hashed output.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { rspack } from '@rspack/core';
import CompressionPlugin from 'compression-webpack-plugin';

/**
 * Content-hashed text assets get a brotli (`.br`) and a gzip (`.gz`) twin at build time, served by
 * content negotiation (the api's static files, `scripts/static-server.mjs`, any CDN that honours
 * precompressed files). So does a remote's `mf-manifest.json` (36 kB, read on every first screen
 * that shows the remote; about 5 kB in brotli): it has no hash, but a build writes it and its twins
 * together and a release copies the whole folder (scripts/release.mjs), so they change together.
 * `index.html` (the host's, served by the api with the runtime settings) has none.
 */
export const PRECOMPRESSED = /\.[0-9a-f]{10}\.(js|css|svg|json|txt|wasm)$/;
const MANIFEST = /(^|\/)mf-manifest\.json$/;

function precompression() {
  const common = { test: [PRECOMPRESSED, MANIFEST], threshold: 1024, minRatio: 0.9 };
  return [
    new CompressionPlugin({
      ...common,
      algorithm: 'gzip',
      filename: '[path][base].gz',
      compressionOptions: { level: 9 },
    }),
    new CompressionPlugin({
      ...common,
      algorithm: 'brotliCompress',
      filename: '[path][base].br',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
    }),
  ];
}

const sharedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharedPkg = JSON.parse(readFileSync(path.join(sharedDir, 'package.json'), 'utf8'));

/**
 * Every @fluentui/* and @griffel/* package that @fluentui/react-components is made of, transitively
 * (icons excepted: stateless, and too big to share whole). They are shared one by one: an app loads
 * only the Fluent packages its screens use, each once on the page, with one copy of Fluent's
 * contexts (theme, renderer, portal mount). Sharing the umbrella package instead would either ship
 * all of Fluent (320 KB gzip) or, with shared tree shaking, hand a remote the host's reduced build
 * without the components only the remote uses.
 */
export function fluentPackages() {
  const seen = new Map();
  const visit = (name, fromDir) => {
    if (seen.has(name)) return;
    const require = createRequire(path.join(fromDir, 'package.json'));
    let pkgJson;
    try {
      pkgJson = require.resolve(`${name}/package.json`);
    } catch {
      return;
    }
    const pkg = JSON.parse(readFileSync(pkgJson, 'utf8'));
    seen.set(name, pkg.version);
    for (const dep of Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies })) {
      if (/^@(fluentui|griffel)\//.test(dep) && dep !== '@fluentui/react-icons')
        visit(dep, path.dirname(pkgJson));
    }
  };
  visit('@fluentui/react-components', sharedDir);
  seen.delete('@fluentui/react-components');
  return [...seen.keys()].sort();
}

/** The version of a package as installed beside `@portal/shared`. */
function installedVersion(name) {
  const require = createRequire(path.join(sharedDir, 'package.json'));
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
}

/**
 * What the host's first screen (the sign-in pages, in their minimal frame, with the shared form
 * fields and the notifications) is made of from node_modules: the Fluent packages it uses, the
 * libraries they are made of, and the framework (React, the router, i18next, the forms). Shared one
 * by one, each is a chunk of its own: the login page made 66 requests, each compressed alone. In
 * the host they form one chunk (`sign-in`): one request, compressed as a whole (issue 14: 419 →
 * 360 kB brotli on /auth/login). They are still shares: a remote's copy of one of them is never
 * loaded, a remote asking for one gets the host's. The Fluent packages only signed-in pages use
 * (menus, drawer, avatar, dialogs…) go to the `signed-in` chunk, so the sign-in pages never
 * download them. A package the sign-in pages use but missing here pulls that whole chunk onto
 * them (costs bytes, never correctness; `e2e/tests/login-weight.spec.ts` sees it).
 */
export const SIGN_IN_PACKAGES = [
  '@emotion/hash',
  '@fluentui/keyboard-keys',
  '@fluentui/react-aria',
  '@fluentui/react-button',
  '@fluentui/react-checkbox',
  '@fluentui/react-context-selector',
  '@fluentui/react-divider',
  '@fluentui/react-field',
  '@fluentui/react-input',
  '@fluentui/react-jsx-runtime',
  '@fluentui/react-label',
  '@fluentui/react-link',
  '@fluentui/react-message-bar',
  '@fluentui/react-motion',
  '@fluentui/react-motion-components-preview',
  '@fluentui/react-portal',
  '@fluentui/react-progress',
  '@fluentui/react-provider',
  '@fluentui/react-shared-contexts',
  '@fluentui/react-spinner',
  '@fluentui/react-tabster',
  '@fluentui/react-text',
  '@fluentui/react-theme',
  '@fluentui/react-toast',
  '@fluentui/react-utilities',
  '@fluentui/tokens',
  '@griffel/core',
  '@griffel/react',
  'keyborg',
  'rtl-css-js',
  'stylis',
  'tabster',
  '@babel/runtime',
  '@swc/helpers',
  'final-form',
  'html-parse-stringify',
  'i18next',
  'react',
  'react-dom',
  'react-final-form',
  'react-i18next',
  'react-router',
  'scheduler',
  'use-sync-external-store',
];

/** The package a module belongs to ('@scope/name' or 'name'; the react-router subset counts as react-router), or null. */
function packageOfPath(resource) {
  if (resource === REACT_ROUTER_SUBSET) return 'react-router';
  const at = resource.lastIndexOf(`${path.sep}node_modules${path.sep}`);
  if (at < 0) return null;
  const parts = resource.slice(at + 14).split(path.sep);
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * What the host loads once someone is signed in, besides SIGN_IN_PACKAGES: the GraphQL stack, and
 * (below) every other Fluent package the host uses (the chrome's drawer, menus, avatar, dialogs).
 */
const SIGNED_IN_PACKAGES = new Set([
  '@0no-co/graphql.web',
  '@urql/core',
  '@urql/exchange-graphcache',
  'graphql-ws',
  'urql',
  'wonka',
]);

/**
 * The chunk groups of an app. Every app: `icons` (its Fluent icons: not shared, and else repeated
 * in many small chunks, one request each). The host also: `sign-in` (SIGN_IN_PACKAGES) and
 * `signed-in` (the rest of its Fluent packages and the GraphQL stack, loaded together once someone
 * is signed in). A remote keeps one chunk per shared package: the host provides most of them, and
 * a remote's group would carry copies that are never used.
 */
function chunkGroups(kind) {
  const group = (name, test, priority = 20) => ({
    name,
    test: (module) => test(packageOfPath(module.resource ?? '')),
    chunks: 'all',
    enforce: true,
    priority,
  });
  const icons = group('icons', (pkg) => pkg === '@fluentui/react-icons');
  if (kind !== 'host') return { icons };
  const names = new Set(SIGN_IN_PACKAGES);
  const signedIn = (pkg) =>
    SIGNED_IN_PACKAGES.has(pkg) || (/^@(fluentui|griffel|floating-ui)\//.test(pkg) && !names.has(pkg));
  return {
    icons,
    signIn: group('sign-in', (pkg) => names.has(pkg)),
    signedIn: group('signed-in', signedIn, 10),
  };
}

/**
 * The host's index.html names its first-screen chunks (`sign-in`, `icons`) in `<link rel="preload">`
 * tags: the browser fetches them while main.js downloads, instead of once main.js has run and
 * federation asks for them (one round trip and main.js's download earlier; issue 14).
 */
class PreloadFirstScreen {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadFirstScreen', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tapPromise(
        'PreloadFirstScreen',
        async (data) => {
          const files = ['sign-in', 'icons'].flatMap((name) =>
            [...(compilation.namedChunks.get(name)?.files ?? [])].filter((file) => file.endsWith('.js')),
          );
          const links = files.map((file) => `<link rel="preload" as="script" href="/${file}">`).join('');
          data.html = data.html.replace('</head>', `${links}</head>`);
          return data;
        },
      );
    });
  }
}

/** Local ports of `npm start` (see ARCHITECTURE.md); tests use their own. */
export const PORTS = { host: 8080, auth: 8081, workspace: 8082, billing: 8083, compute: 8084, support: 8085 };

export const containerName = (remote) => `portal_${remote}`;

/** What `react-router` resolves to in every app: the subset the apps use (react-router.mjs). */
export const REACT_ROUTER_SUBSET = path.join(sharedDir, 'build/react-router.mjs');

/** The whole react-router (its ES module entry), which the subset re-exports from. */
function reactRouterEntry() {
  const require = createRequire(path.join(sharedDir, 'package.json'));
  const pkgJson = require.resolve('react-router/package.json');
  const entry = JSON.parse(readFileSync(pkgJson, 'utf8')).exports['.'].module.default;
  return path.join(path.dirname(pkgJson), entry);
}

/**
 * The share scope. Every entry is a singleton: React must exist once, and the contexts of the
 * router, Fluent, i18next and the portal contract must be the same objects in host and remotes.
 * `@portal/shared` is pinned to its major: a remote built against another major must not load.
 */
export function sharedConfig() {
  // PORTAL_SHARED_VERSION lets a test build a remote "against" another major of the contract.
  const sharedVersion = process.env.PORTAL_SHARED_VERSION || sharedPkg.version;
  const major = sharedVersion.split('.')[0];
  const singleton = { singleton: true };
  return {
    react: singleton,
    'react/': singleton,
    'react-dom': singleton,
    'react-dom/': singleton,
    // the apps' subset of react-router (build/react-router.mjs, aliased in createAppConfig)
    'react-router': { singleton: true, version: installedVersion('react-router') },
    ...Object.fromEntries(fluentPackages().map((name) => [name, singleton])),
    // Fluent's JSX runtime is imported by subpath from every component package
    '@fluentui/react-jsx-runtime/': singleton,
    // react-dom's scheduler, also imported by Fluent's context selector: one instance on the page
    scheduler: singleton,
    i18next: singleton,
    'react-i18next': singleton,
    // the shared form fields (useField) must find the remote's <Form> context: one copy of each.
    // react-final-form's dist/ holds a package.json without a version, so name it here.
    'final-form': singleton,
    'react-final-form': { singleton: true, version: installedVersion('react-final-form') },
    // one GraphQL client stack: a remote's urql hooks must find the host's <Provider> context,
    // and the client the host creates (with graphcache) must be the same urql as the hooks'
    urql: singleton,
    '@urql/core': singleton,
    '@urql/exchange-graphcache': singleton,
    // the package is shared as its root and, apart, its GraphQL stack (`@portal/shared/graphql`:
    // urql, graphcache, graphql-ws and the stores over them), which the sign-in pages never load
    ...Object.fromEntries(
      ['@portal/shared', '@portal/shared/graphql'].map((key) => [
        key,
        { singleton: true, strictVersion: true, version: sharedVersion, requiredVersion: `^${major}.0.0` },
      ]),
    ),
  };
}

/**
 * rspack configuration for an app of the portal.
 * @param {object} o
 * @param {'host' | 'remote'} o.kind
 * @param {string} o.dir the app's folder (import.meta.dirname of its rspack.config.mjs)
 * @param {string} o.name the remote name ('compute', …) or 'host'
 * @param {string[]} [o.runtimePlugins]
 * @param {'production' | 'development'} o.mode
 */
export function createAppConfig({ kind, dir, name, runtimePlugins = [], mode }) {
  const prod = mode === 'production';
  // A test builds a variant of a remote from a copy of its sources (PORTAL_SRC_DIR) into another
  // folder (PORTAL_OUT_DIR), without touching the real ones.
  const srcDir = path.resolve(dir, process.env.PORTAL_SRC_DIR || 'src');
  const outDir = path.resolve(dir, process.env.PORTAL_OUT_DIR || 'dist');
  const port = Number(process.env.PORT || PORTS[name]);
  const isRemote = kind === 'remote';
  // a remote's pages: './Page' → source file, held equal to the contract by its exposes test
  const exposes = isRemote ? JSON.parse(readFileSync(path.join(dir, 'exposes.json'), 'utf8')) : {};
  const standalone = isRemote && !prod; // the stand-alone dev shell of a remote
  const mapExposes = Object.fromEntries(
    Object.entries(exposes).map(([key, file]) => [key, path.resolve(srcDir, path.relative('src', file))]),
  );

  const entry = isRemote
    ? standalone
      ? { main: path.join(srcDir, 'dev.ts') }
      : {}
    : { main: path.join(srcDir, 'index.ts') };

  return {
    mode,
    context: dir,
    entry,
    target: 'web',
    devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: outDir,
      clean: true,
      publicPath: isRemote ? 'auto' : '/',
      uniqueName: isRemote ? containerName(name) : 'portal_host',
      filename: prod ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
      chunkFilename: prod ? 'static/js/[name].[contenthash:10].js' : 'static/js/[name].js',
      assetModuleFilename: 'static/media/[name].[contenthash:10][ext]',
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      alias: { 'react-router$': REACT_ROUTER_SUBSET, 'portal-react-router-whole$': reactRouterEntry() },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !prod, refresh: false } },
              target: 'es2022',
            },
          },
          type: 'javascript/auto',
        },
        // importing a name the react-router subset lacks fails the build, not the page
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          parser: { exportsPresence: 'error' },
        },
        // `import css from 'pkg/file.css?raw'`: a library's stylesheet as text, for a <style> element
        // (the pages style with Griffel; only third-party CSS such as xterm.js's comes this way)
        { resourceQuery: /raw/, type: 'asset/source' },
      ],
    },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // fewer, larger chunks where federation would split one per package (chunkGroups)
      ...(prod ? { splitChunks: { cacheGroups: chunkGroups(kind) } } : {}),
      // license banners stay in the chunks (legal, and they let tests see which library a chunk carries)
      minimizer: [
        new rspack.SwcJsMinimizerRspackPlugin({
          extractComments: false,
          minimizerOptions: { format: { comments: 'some' } },
        }),
      ],
    },
    performance: { hints: false },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(mode),
      }),
      new ModuleFederationPlugin({
        name: isRemote ? containerName(name) : 'portal_host',
        ...(isRemote && !standalone
          ? {
              filename: prod ? 'static/js/remoteEntry.[contenthash:10].js' : 'remoteEntry.js',
              exposes: mapExposes,
            }
          : {}),
        shared: sharedConfig(),
        shareStrategy: 'loaded-first',
        runtimePlugins: runtimePlugins.map((p) => path.resolve(dir, p)),
        manifest: isRemote && !standalone ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        dev: false,
        experiments: {
          ...(isRemote && !standalone ? { externalRuntime: true } : { provideExternalRuntime: true }),
          // browsers only: the runtime's Node.js code paths stay out of the bundles
          optimization: { target: 'web' },
        },
      }),
      ...(kind === 'host' || standalone
        ? [
            new rspack.HtmlRspackPlugin({
              template: path.join(sharedDir, 'build/index.html'),
              minify: prod,
            }),
            ...(prod ? [new PreloadFirstScreen()] : []),
          ]
        : []),
      ...(prod ? precompression() : []),
    ],
    devServer: {
      port,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [
        {
          context: [
            '/_allauth',
            '/accounts',
            '/api',
            '/ws',
            '/remotes.json',
            '/runtime-config.json',
            '/_dev',
            // the payments sandbox's REST endpoints and pages (api/README.md, "Payments")
            '/sandbox',
          ],
          target: process.env.PORTAL_API_URL || `http://localhost:${PORTS.host}`,
          ws: true,
          changeOrigin: false,
        },
      ],
    },
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
  };
}
