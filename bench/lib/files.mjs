// File helpers of the bench: walking a build output, gzip sizes, source-map module lists.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Never loaded by a browser: the shared-fallback artefact of Module Federation. */
export const NEVER_LOADED_DIR = 'independent-packages';

/**
 * Relative POSIX paths of the files under `dir`, skipping `independent-packages/`.
 * @param {string} dir
 * @returns {string[]}
 */
export function listFiles(dir) {
  const out = [];
  const visit = (rel) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (entry.name !== NEVER_LOADED_DIR) visit(child);
      } else if (entry.isFile()) {
        out.push(child);
      }
    }
  };
  visit('');
  return out.sort();
}

/** @param {Buffer | string} data */
export const gzipBytes = (data) => gzipSync(data, { level: 9 }).length;

/**
 * Raw and gzip (level 9) bytes of one file.
 * @param {string} file
 */
export function fileSizes(file) {
  const data = readFileSync(file);
  return { raw: data.length, gzip: gzipBytes(data) };
}

const B64 = new Map(
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'].map((c, i) => [c, i]),
);

/** @param {string} segment a source-map mappings segment */
function decodeVlq(segment) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = B64.get(char) ?? 0;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/**
 * Module key of a source-map source: `react/cjs/react.production.js` for a package file (the path
 * after the last node_modules/), `shared/src/…`, `src/…` or `remote-x/src/…` for the portal's
 * own sources, `webpack/…` for bundler-generated code, `(federation glue)` for inline data: sources.
 * @param {string} source
 */
function moduleKey(source) {
  if (source.startsWith('data:')) return '(federation glue)';
  const clean = source.replace(/^webpack:\/\/[^/]*\//, '').replace(/[?#].*$/, '');
  const nm = clean.lastIndexOf('node_modules/');
  if (nm >= 0) return clean.slice(nm + 'node_modules/'.length);
  return path.posix.normalize(clean).replace(/^(\.\.\/)+/, '');
}

/**
 * What a bundled file is made of, from its source map: its modules, and how many characters of
 * the generated code each module accounts for (mapped segment spans; minified code is ASCII, so
 * characters ≈ bytes).
 * @param {string} jsFile
 * @returns {{ modules: string[], bytes: Record<string, number> } | null} null without a source map
 */
export function sourceMapOf(jsFile) {
  let map;
  let code;
  try {
    map = JSON.parse(readFileSync(`${jsFile}.map`, 'utf8'));
    code = readFileSync(jsFile, 'utf8');
  } catch {
    return null;
  }
  const keys = (map.sources ?? []).map(moduleKey);
  const lines = code.split('\n');
  const bytes = {};
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const segments = [];
    let column = 0;
    for (const raw of line.split(',')) {
      if (!raw) continue;
      const fields = decodeVlq(raw);
      column += fields[0];
      if (fields.length >= 4) source += fields[1];
      segments.push([column, fields.length >= 4 ? keys[source] : '(unmapped)']);
    }
    const length = lines[index]?.length ?? 0;
    for (let i = 0; i < segments.length; i++) {
      const [from, key] = segments[i];
      const to = i + 1 < segments.length ? segments[i + 1][0] : length;
      bytes[key] = (bytes[key] ?? 0) + Math.max(0, to - from);
    }
  });
  return { modules: [...new Set(keys)], bytes };
}

/** A package file (or a file of @portal/shared), which must reach the page once. */
export const isLibraryModule = (module) =>
  !module.startsWith('(') &&
  !module.startsWith('webpack/') &&
  !module.startsWith('src/') &&
  !/^(remote-[^/]+|host)\//.test(module);

/**
 * The package a module key belongs to, or a bucket: (app code), (webpack runtime), (federation glue).
 * @param {string} module
 */
export function packageOf(module) {
  if (module.startsWith('(')) return module;
  if (module.startsWith('webpack/')) return '(webpack runtime)';
  if (module.startsWith('shared/src/')) return '@portal/shared';
  if (!isLibraryModule(module)) return '(app code)';
  const parts = module.split('/');
  return module.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
