import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * `import { Mail24Regular } from '@fluentui/react-icons'` loads the package's barrel, every icon
 * there is: over a second per test file. In tests, such imports in our own code are pointed at the
 * icon's own module (`@fluentui/react-icons/svg/mail`, a public entry defining the very same
 * component). An import naming anything not found there is left as it is.
 * @returns {import('vite').Plugin}
 */
function fluentIconsByAtom() {
  const atoms = path.join(
    path.dirname(
      createRequire(path.join(process.cwd(), 'package.json')).resolve('@fluentui/react-icons/package.json'),
    ),
    'lib/atoms/svg',
  );
  /** @type {Map<string, string | null>} */
  const sources = new Map();
  /** @param {string} name */
  const atomOf = (name) => {
    const family = name.replace(/\d*(Regular|Filled|Color|Light)$/, '');
    const atom = family.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    const file = path.join(atoms, `${atom}.js`);
    if (!sources.has(file)) sources.set(file, existsSync(file) ? readFileSync(file, 'utf8') : null);
    return sources.get(file)?.includes(`export const ${name} =`) ? atom : undefined;
  };
  return {
    name: 'fluent-icons-by-atom',
    transform(code, id) {
      if (id.includes('/node_modules/') || !code.includes('@fluentui/react-icons')) return null;
      const out = code.replace(
        /import\s*\{([^}]*)\}\s*from\s*(['"])@fluentui\/react-icons\2;?/g,
        (whole, /** @type {string} */ list) => {
          const names = list
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
          const found = names.map((n) => atomOf(n.split(/\s+as\s+/)[0] ?? n));
          if (found.some((atom) => !atom)) return whole;
          return names
            .map((n, i) => `import { ${n} } from '@fluentui/react-icons/svg/${found[i]}';`)
            .join('\n');
        },
      );
      return out === code ? null : { code: out, map: null };
    },
  };
}

/**
 * A test file that mocks modules (`vi.mock`, `vi.doMock`: Vitest keeps one mock registry per
 * worker) or reads the CSS rules Griffel inserted (`document.styleSheets`: Griffel, loaded once per
 * worker, inserts a rule once) runs in a worker of its own.
 */
const NEEDS_OWN_WORKER = /\bvi\.(mock|doMock)\(|document\.styleSheets/;
const TEST_FILE = /\.test\.tsx?$/;

/**
 * The unit-test configuration of a package of React pages (the host, the remotes, shared): jsdom,
 * `src/test/setup.ts`, tuned for CI's 2 cores.
 * - Two forked workers: Vitest's default on 2 cores is 1 (cores - 1), and the main process is
 *   mostly idle meanwhile. (The vm pools were faster still, but Vitest 4.1 may leak `vi.mock`
 *   between files there, vitest-dev/vitest#11284; forks isolate.)
 * - Starting a fork and its jsdom for each test file cost more than most files' tests (shared:
 *   57 s, of which 10 s tests). So the files that mock no module run in project `shared-env`:
 *   `isolate: false`, one module graph and one jsdom per worker, the page put back before each
 *   file by `vitestFileReset.mjs` (and each file's own modules evaluated anew). The files below
 *   keep a fork each (project `isolated`).
 * - Fluent's hundreds of small ESM files cost seconds per test file to load; bundled once into one
 *   file (cached in node_modules/.vite) they load in a fraction of that. Its icons by atom, above.
 * - A slow, loaded CI machine is not a failure: the tests' own waits (findBy…, waitFor) decide.
 * @returns {import('vitest/config').ViteUserConfig}
 */
export function uiTestConfig() {
  const ownWorker = readdirSync('src', { recursive: true, encoding: 'utf8' })
    .filter((file) => TEST_FILE.test(file))
    .map((file) => `src/${file.split(path.sep).join('/')}`)
    .filter((file) => NEEDS_OWN_WORKER.test(readFileSync(file, 'utf8')));
  const reset = new URL('./vitestFileReset.mjs', import.meta.url).pathname;
  return {
    plugins: [fluentIconsByAtom()],
    test: {
      environment: 'jsdom',
      setupFiles: [reset, 'src/test/setup.ts'],
      pool: 'forks',
      maxWorkers: 2,
      deps: { optimizer: { client: { enabled: true, include: ['@fluentui/react-components'] } } },
      testTimeout: 30_000,
      projects: [
        {
          extends: true,
          test: {
            name: 'shared-env',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: ownWorker,
            isolate: false,
          },
        },
        ...(ownWorker.length ? [{ extends: true, test: { name: 'isolated', include: ownWorker } }] : []),
      ],
    },
  };
}
