// Emitted JavaScript of a build, and the first chunk set of each remote page (from mf-manifest.json).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileSizes, listFiles } from './files.mjs';

/**
 * All `.js` files a build emitted (no source maps, no independent-packages/).
 * @param {string} distDir
 */
export function emittedJs(distDir) {
  if (!existsSync(distDir)) throw new Error(`${distDir} does not exist: build first (or drop --no-build)`);
  const files = listFiles(distDir)
    .filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, ...fileSizes(path.join(distDir, file)) }));
  if (files.length === 0) throw new Error(`${distDir} holds no .js file`);
  return {
    files: files.length,
    raw: files.reduce((s, f) => s + f.raw, 0),
    gzip: files.reduce((s, f) => s + f.gzip, 0),
    largest: [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 5),
  };
}

/**
 * What loading one page of a remote needs from that remote, shared libraries excluded: its
 * remoteEntry plus the exposed module's sync chunks that are not a shared module's chunks.
 * @param {string} distDir a remote's dist
 */
export function firstChunkSets(distDir) {
  const manifestFile = path.join(distDir, 'mf-manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} does not exist`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const { remoteEntry } = manifest.metaData;
  const entryFile = path.posix.join(remoteEntry.path || '', remoteEntry.name);
  const sharedFiles = new Set(
    (manifest.shared ?? []).flatMap((s) => [...(s.assets?.js?.sync ?? []), ...(s.assets?.js?.async ?? [])]),
  );
  const sizeCache = new Map();
  const sizeOf = (file) => {
    if (!sizeCache.has(file)) sizeCache.set(file, fileSizes(path.join(distDir, file)));
    return sizeCache.get(file);
  };
  const pages = {};
  for (const expose of manifest.exposes ?? []) {
    const files = [
      entryFile,
      ...(expose.assets?.js?.sync ?? []).filter((f) => !sharedFiles.has(f) && f !== entryFile),
    ];
    pages[expose.name] = {
      files,
      raw: files.reduce((s, f) => s + sizeOf(f).raw, 0),
      gzip: files.reduce((s, f) => s + sizeOf(f).gzip, 0),
    };
  }
  const names = Object.keys(pages);
  if (names.length === 0) throw new Error(`${manifestFile} exposes nothing`);
  const largest = names.reduce((a, b) => (pages[b].gzip > pages[a].gzip ? b : a));
  return {
    remoteEntry: { file: entryFile, ...sizeOf(entryFile) },
    pages,
    largest: { page: largest, raw: pages[largest].raw, gzip: pages[largest].gzip },
  };
}
