import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vitest/config';

/**
 * `import { Mail24Regular } from '@fluentui/react-icons'` loads the package's barrel, every icon
 * there is: over a second per test file. In tests, such imports in our own code are pointed at the
 * icon's own module (`@fluentui/react-icons/svg/mail`, a public entry defining the very same
 * component). An import naming anything not found there is left as it is.
 */
function fluentIconsByAtom(): Plugin {
  const atoms = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@fluentui/react-icons/package.json')),
    'lib/atoms/svg',
  );
  const sources = new Map<string, string | null>();
  const atomOf = (name: string): string | undefined => {
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
        (whole, list: string) => {
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

// Unit tests: jsdom + Fluent UI, tuned for CI's 2 cores. (The vm pools were faster still, but
// Vitest 4.1 may leak `vi.mock` between files there, vitest-dev/vitest#11284; forks isolate.)
export default defineConfig({
  plugins: [fluentIconsByAtom()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    pool: 'forks',
    // Vitest's default on 2 cores is 1 worker (cores - 1); the main process is mostly idle meanwhile.
    maxWorkers: 2,
    // Fluent's hundreds of small ESM files cost seconds per test file to load; bundled once into
    // one file (cached in node_modules/.vite) they load in a fraction of that.
    deps: { optimizer: { client: { enabled: true, include: ['@fluentui/react-components'] } } },
    // A slow, loaded CI machine is not a failure: the tests' own waits (findBy…, waitFor) decide.
    testTimeout: 20_000,
  },
});
