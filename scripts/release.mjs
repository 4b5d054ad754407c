#!/usr/bin/env node
// Releasing one remote on its own, promoting a released version, rolling it back (README, "Releasing
// a remote"):
//
//   node scripts/release.mjs <remote> [version]          build, check against the host, write releases/<remote>/<version>/
//   node scripts/release.mjs promote <remote> <version>  point the live remote map at a released version
//   node scripts/release.mjs rollback <remote>           one step back in that remote's history
//   node scripts/release.mjs status [remote]             what is live, the released versions, the history
//
// Environment: PORTAL_RELEASES_DIR (default <repo>/releases), PORTAL_RELEASES_URL (where that folder
// is served, default http://localhost:8086, i.e. PORT + 6), PORTAL_REMOTES_FILE (the live map the api re-reads on
// every /remotes.json; default <releases dir>/remotes.json, the file `npm start` uses).
import { execFileSync, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The remotes as the host knows them (the contract's list). */
export const REMOTES = Object.keys(
  JSON.parse(readFileSync(path.join(REPO, 'shared/src/contract/remotes.json'), 'utf8')),
);
/**
 * The ports of `npm start`: the portal on `PORT` (8080), the remotes on the next five (8081-8085,
 * `REMOTES` order), the releases folder on the one after (8086, or `PORTAL_RELEASES_PORT`).
 */
export function portalPorts(env = process.env) {
  const host = Number(env.PORT || 8080);
  return {
    host,
    remotes: Object.fromEntries(REMOTES.map((remote, i) => [remote, host + 1 + i])),
    releases: Number(env.PORTAL_RELEASES_PORT || host + 6),
  };
}

/** The map `npm start` begins with: each remote's own dist/ on its own port. */
export function defaultRemoteMap(env = process.env) {
  const { remotes } = portalPorts(env);
  return Object.fromEntries(
    REMOTES.map((remote) => [remote, `http://localhost:${remotes[remote]}/mf-manifest.json`]),
  );
}
const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/;

/** A refusal, told to the user as it is (exit 1). */
export class ReleaseError extends Error {
  name = 'ReleaseError';
}

/** @param {NodeJS.ProcessEnv} env */
export function releaseConfig(env = process.env) {
  const dir = path.resolve(env.PORTAL_RELEASES_DIR || path.join(REPO, 'releases'));
  return {
    dir,
    baseUrl: (env.PORTAL_RELEASES_URL || `http://localhost:${portalPorts(env).releases}`).replace(/\/+$/, ''),
    remotesFile: path.resolve(env.PORTAL_REMOTES_FILE || path.join(dir, 'remotes.json')),
    historyFile: path.join(dir, 'history.jsonl'),
  };
}

// ---------------------------------------------------------------------------------------------
// The host's contract

/**
 * The pages the host's route table loads from each remote, read from its source
 * (`host/src/routes/routeTable.ts`, entries `page: { remote: 'x', page: 'Y' }`; a host unit test
 * holds this reading equal to the table itself).
 * @returns {Record<string, string[]>}
 */
export function hostExpectedPages(
  source = readFileSync(path.join(REPO, 'host/src/routes/routeTable.ts'), 'utf8'),
) {
  /** @type {Record<string, string[]>} */
  const pages = {};
  for (const m of source.matchAll(/page:\s*\{\s*remote:\s*'([\w-]+)',\s*page:\s*'(\w+)'\s*\}/g)) {
    const [, remote, page] = m;
    pages[remote] ??= [];
    if (!pages[remote].includes(page)) pages[remote].push(page);
  }
  // the table's types hold every entry to the contract's pages; a reading that finds none, or a
  // page outside the contract, means the table's shape changed under this reader
  const contract = JSON.parse(readFileSync(path.join(REPO, 'shared/src/contract/remotes.json'), 'utf8'));
  for (const remote of Object.keys(contract)) {
    const unknown = (pages[remote] ?? []).filter((page) => !contract[remote].includes(page));
    if (!pages[remote]?.length || unknown.length) {
      throw new ReleaseError(
        `Could not read the pages of ${remote} from host/src/routes/routeTable.ts ` +
          `(found: ${(pages[remote] ?? []).join(', ') || 'none'}); update hostExpectedPages() in scripts/release.mjs.`,
      );
    }
  }
  return pages;
}

/** The version of `@portal/shared` the host is built with. */
export function hostSharedVersion() {
  const require = createRequire(path.join(REPO, 'host/package.json'));
  return JSON.parse(readFileSync(require.resolve('@portal/shared/package.json'), 'utf8')).version;
}

const major = (version) => String(version).split('.')[0];

/**
 * What does not match between a remote's built `mf-manifest.json` and the host's contract: the
 * container name, the `@portal/shared` major, the pages the route table expects. Empty when it fits.
 * @returns {string[]}
 */
export function contractProblems(
  remote,
  manifest,
  host = { sharedVersion: hostSharedVersion(), pages: hostExpectedPages() },
) {
  const problems = [];
  if (manifest?.name !== `portal_${remote}`) {
    problems.push(`the build is the container "${manifest?.name}", the host loads "portal_${remote}"`);
  }
  const shared = (manifest?.shared ?? []).find((s) => s.name === '@portal/shared');
  if (!shared) {
    problems.push('the build does not share @portal/shared (the host requires it as a singleton)');
  } else if (major(shared.version) !== major(host.sharedVersion)) {
    problems.push(
      `built against @portal/shared ${shared.version} (major ${major(shared.version)}), the host runs ` +
        `${host.sharedVersion} (major ${major(host.sharedVersion)}): the host would refuse to load it`,
    );
  }
  const exposed = new Set((manifest?.exposes ?? []).map((e) => e.name));
  const missing = (host.pages[remote] ?? []).filter((page) => !exposed.has(page));
  if (missing.length) {
    problems.push(`the host's route table expects pages it does not expose: ${missing.join(', ')}`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Releases and the live map

function git(args) {
  try {
    return execFileSync('git', args, {
      cwd: REPO,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return '';
  }
}

/** Who runs the command, for the history. */
export function whoAmI(env = process.env) {
  return git(['config', 'user.name']) || env.USER || os.userInfo().username;
}

const stamp = (date = new Date()) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * `<package version>-<short commit>`; with uncommitted changes in the remote or `shared/`, a UTC
 * timestamp is added (`-dirty.20261124T040000Z`): the same name never means two different builds.
 */
export function defaultVersion(remote) {
  const pkg = JSON.parse(readFileSync(path.join(REPO, `remote-${remote}/package.json`), 'utf8'));
  const sha = git(['rev-parse', '--short', 'HEAD']);
  if (!sha) return `${pkg.version}-${stamp()}`;
  const dirty = git(['status', '--porcelain', '--', `remote-${remote}`, 'shared']);
  return dirty ? `${pkg.version}-${sha}-dirty.${stamp()}` : `${pkg.version}-${sha}`;
}

export const releaseDir = (config, remote, version) => path.join(config.dir, remote, version);
export const manifestUrl = (config, remote, version) =>
  `${config.baseUrl}/${remote}/${version}/mf-manifest.json`;

function checkRemote(remote) {
  if (!REMOTES.includes(remote)) {
    throw new ReleaseError(`Unknown remote "${remote}" (known: ${REMOTES.join(', ')}).`);
  }
}

function checkVersion(version) {
  if (!VERSION_PATTERN.test(version)) {
    throw new ReleaseError(
      `Invalid version "${version}": letters, digits, ".", "_" and "-" only, starting with a letter or digit.`,
    );
  }
}

/** The released versions of a remote, oldest first. */
export function releasedVersions(config, remote) {
  const dir = path.join(config.dir, remote);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, 'mf-manifest.json')))
    .map((d) => ({ version: d.name, info: readJson(path.join(dir, d.name, 'release.json')) ?? {} }))
    .sort((a, b) => String(a.info.releasedAt ?? '').localeCompare(String(b.info.releasedAt ?? '')))
    .map((r) => r.version);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The live map (the file the api re-reads); the default map when there is none yet. */
export function readLiveMap(config) {
  if (!existsSync(config.remotesFile)) return defaultRemoteMap();
  const map = readJson(config.remotesFile);
  if (!map || typeof map !== 'object') throw new ReleaseError(`${config.remotesFile} is not a JSON object.`);
  return map;
}

/** Writes the live map atomically: a temporary file beside it, then a rename over it. */
export function writeLiveMap(config, map) {
  mkdirSync(path.dirname(config.remotesFile), { recursive: true });
  const tmp = `${config.remotesFile}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(map, null, 2)}\n`);
  renameSync(tmp, config.remotesFile);
}

export function readHistory(config) {
  if (!existsSync(config.historyFile)) return [];
  return readFileSync(config.historyFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

/** The version a manifest URL of the releases folder names, or null (e.g. a remote's own dist). */
export function versionOfUrl(config, remote, url) {
  const prefix = `${config.baseUrl}/${remote}/`;
  if (!url?.startsWith(prefix) || !url.endsWith('/mf-manifest.json')) return null;
  return url.slice(prefix.length, -'/mf-manifest.json'.length);
}

/**
 * What a remote's history has put live, newest last: a promotion pushes, a rollback pops; the first
 * entry also records what was live before it.
 */
export function liveStack(history, remote) {
  const stack = [];
  for (const entry of history) {
    if (entry.remote !== remote) continue;
    if (entry.action === 'promote') {
      if (stack.length === 0) stack.push({ url: entry.previousUrl, version: entry.previousVersion ?? null });
      stack.push({ url: entry.url, version: entry.version });
    } else if (entry.action === 'rollback') {
      stack.pop();
    }
  }
  return stack;
}

function record(config, entry) {
  mkdirSync(config.dir, { recursive: true });
  appendFileSync(config.historyFile, `${JSON.stringify(entry)}\n`);
}

function switchTo(config, remote, action, { url, version }, log) {
  const map = readLiveMap(config);
  const previousUrl = map[remote] ?? null;
  map[remote] = url;
  writeLiveMap(config, map);
  const entry = {
    at: new Date().toISOString(),
    action,
    remote,
    version,
    url,
    previousVersion: versionOfUrl(config, remote, previousUrl),
    previousUrl,
    by: whoAmI(),
  };
  record(config, entry);
  log(`${remote}: ${previousUrl} -> ${url}`);
  log(`Live now (customers get it at their next page load; open pages keep what they loaded).`);
  return entry;
}

// ---------------------------------------------------------------------------------------------
// Commands

/**
 * Builds one remote alone (production), checks it against the host's contract, and writes
 * `releases/<remote>/<version>/`. Nothing is written when a check fails.
 * `PORTAL_SRC_DIR` (a copy of the sources) and `PORTAL_SHARED_VERSION` pass through to the build.
 */
export function release(remote, version, { env = process.env, log = console.log } = {}) {
  checkRemote(remote);
  const config = releaseConfig(env);
  const finalVersion = version || defaultVersion(remote);
  checkVersion(finalVersion);
  const target = releaseDir(config, remote, finalVersion);
  if (existsSync(target)) {
    throw new ReleaseError(
      `${remote} ${finalVersion} is already released (${target}); a release never changes: give another version.`,
    );
  }
  const remoteDir = path.join(REPO, `remote-${remote}`);
  const staging = path.join(config.dir, '.staging', `${remote}-${finalVersion}-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(staging), { recursive: true });
  log(`Building ${remote} ${finalVersion} (production) ...`);
  try {
    const buildEnv = { ...env, PORTAL_OUT_DIR: staging };
    const steps = [];
    // the remote's own build script: GraphQL codegen (validates its operations), then rspack; a
    // copy of the sources (PORTAL_SRC_DIR) has its generated documents with it
    if (!env.PORTAL_SRC_DIR && existsSync(path.join(remoteDir, 'codegen.ts'))) {
      steps.push([path.join(remoteDir, 'node_modules/.bin/graphql-codegen'), ['--config', 'codegen.ts']]);
    }
    steps.push([
      process.execPath,
      [path.join(remoteDir, 'node_modules/@rspack/cli/bin/rspack.js'), 'build', '--mode', 'production'],
    ]);
    for (const [cmd, args] of steps) {
      const result = spawnSync(cmd, args, { cwd: remoteDir, env: buildEnv, encoding: 'utf8' });
      if (result.status !== 0) {
        throw new ReleaseError(
          `The build of ${remote} failed (${path.basename(cmd)} exit ${result.status ?? result.signal}):\n` +
            `${result.stdout ?? ''}${result.stderr ?? ''}`.trim(),
        );
      }
    }
    const manifest = readJson(path.join(staging, 'mf-manifest.json'));
    if (!manifest) throw new ReleaseError(`The build of ${remote} wrote no mf-manifest.json.`);
    const host = { sharedVersion: hostSharedVersion(), pages: hostExpectedPages() };
    const problems = contractProblems(remote, manifest, host);
    if (problems.length) {
      throw new ReleaseError(
        `Refused: ${remote} ${finalVersion} does not match the host's contract:\n` +
          problems.map((p) => `  - ${p}`).join('\n') +
          '\nNothing was released.',
      );
    }
    const shared = manifest.shared.find((s) => s.name === '@portal/shared');
    const info = {
      remote,
      version: finalVersion,
      commit: git(['rev-parse', 'HEAD']) || null,
      releasedAt: new Date().toISOString(),
      by: whoAmI(env),
      sharedVersion: shared.version,
      exposes: manifest.exposes.map((e) => e.name),
    };
    writeFileSync(path.join(staging, 'release.json'), `${JSON.stringify(info, null, 2)}\n`);
    // a stats file of the build is not part of what is served
    rmSync(path.join(staging, 'mf-manifest-stats.json'), { force: true });
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(staging, target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const url = manifestUrl(config, remote, finalVersion);
  log(`Released ${remote} ${finalVersion} into ${target}`);
  log(`Manifest URL: ${url}`);
  log(`Promote it with: npm run release:promote -- ${remote} ${finalVersion}`);
  return { version: finalVersion, dir: target, url };
}

/** Points the live map at a released version, and records it. */
export function promote(remote, version, { env = process.env, log = console.log } = {}) {
  checkRemote(remote);
  if (!version) throw new ReleaseError('Give the version to promote (see `npm run release:status`).');
  checkVersion(version);
  const config = releaseConfig(env);
  const dir = releaseDir(config, remote, version);
  const manifest = readJson(path.join(dir, 'mf-manifest.json'));
  if (!manifest) {
    const known = releasedVersions(config, remote);
    throw new ReleaseError(
      `${remote} ${version} is not released (no ${path.join(dir, 'mf-manifest.json')}). ` +
        (known.length
          ? `Released versions: ${known.join(', ')}.`
          : `No version of ${remote} is released yet.`),
    );
  }
  // the host may have moved on since the release
  const problems = contractProblems(remote, manifest);
  if (problems.length) {
    throw new ReleaseError(
      `Refused: ${remote} ${version} no longer matches the host's contract:\n${problems.map((p) => `  - ${p}`).join('\n')}`,
    );
  }
  const url = manifestUrl(config, remote, version);
  if (readLiveMap(config)[remote] === url) {
    log(`${remote} ${version} is already live (${url}); nothing changed.`);
    return null;
  }
  return switchTo(config, remote, 'promote', { url, version }, log);
}

/** Goes back to what was live before the current promotion of a remote. */
export function rollback(remote, { env = process.env, log = console.log } = {}) {
  checkRemote(remote);
  const config = releaseConfig(env);
  const stack = liveStack(readHistory(config), remote);
  if (stack.length < 2) {
    throw new ReleaseError(`Nothing to roll back: the history has no promotion of ${remote} left to undo.`);
  }
  const current = stack[stack.length - 1];
  const live = readLiveMap(config)[remote];
  if (live !== current.url) {
    throw new ReleaseError(
      `Refused: ${remote} is live at ${live}, not at ${current.url} where its last promotion put it ` +
        '(the map was changed by hand); promote a version explicitly.',
    );
  }
  const previous = stack[stack.length - 2];
  return switchTo(config, remote, 'rollback', previous, log);
}

/** Prints what is live, the released versions and the history. */
export function status(remote, { env = process.env, log = console.log } = {}) {
  if (remote) checkRemote(remote);
  const config = releaseConfig(env);
  const map = readLiveMap(config);
  const history = readHistory(config);
  log(
    `Live map: ${config.remotesFile}${existsSync(config.remotesFile) ? '' : ' (not written yet: the default map)'}`,
  );
  for (const name of remote ? [remote] : REMOTES) {
    const version = versionOfUrl(config, name, map[name]);
    log(`  ${name.padEnd(10)} ${version ? `${version}  ` : ''}${map[name] ?? '(not mapped)'}`);
    const released = releasedVersions(config, name);
    if (released.length) log(`  ${''.padEnd(10)} released: ${released.join(', ')}`);
  }
  const entries = history.filter((e) => !remote || e.remote === remote);
  log(`History (${config.historyFile}):`);
  if (entries.length === 0) log('  (empty)');
  for (const e of entries) {
    log(
      `  ${e.at}  ${e.action.padEnd(8)} ${e.remote.padEnd(10)} ${e.previousVersion ?? e.previousUrl} -> ${e.version ?? e.url}  by ${e.by}`,
    );
  }
  return { map, history: entries };
}

const USAGE = `usage:
  npm run release -- <remote> [version]           build, check and release one remote
  npm run release:promote -- <remote> <version>   make a released version live
  npm run release:rollback -- <remote>            back to what was live before
  npm run release:status [-- <remote>]            what is live, released versions, history
remotes: ${REMOTES.join(', ')}`;

export function main(argv = process.argv.slice(2)) {
  const [first, ...rest] = argv;
  try {
    switch (first) {
      case 'promote':
        promote(rest[0], rest[1]);
        break;
      case 'rollback':
        rollback(rest[0]);
        break;
      case 'status':
        status(rest[0]);
        break;
      case undefined:
      case '-h':
      case '--help':
        console.error(USAGE);
        return first ? 0 : 2;
      default:
        release(first, rest[0]);
    }
    return 0;
  } catch (error) {
    if (error instanceof ReleaseError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main();
}
