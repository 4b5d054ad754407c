// The two builds the bench compares: the federated apps (each app's own `build` script, one after
// the other so each is timed alone) and the monolith baseline (in-process rspack).
import { spawn } from 'node:child_process';
import { rspack } from '@rspack/core';
import { createMonolithConfig, writeRemotePagesModule } from '../monolith/config.mjs';

/** Variables that make an app build something else than its real dist (see createAppConfig). */
const BUILD_OVERRIDES = ['PORTAL_SRC_DIR', 'PORTAL_OUT_DIR', 'PORTAL_SHARED_VERSION'];

export function clearBuildOverrides() {
  for (const key of BUILD_OVERRIDES) delete process.env[key];
}

/** Child processes started by the bench, so that cleanup can end them (and only them). */
export const children = new Set();

export function killChildren() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM'); // the group the bench started (pnpm and its rspack)
    } catch {
      // already gone
    }
  }
  children.clear();
}

/**
 * Runs `pnpm run build` in an app's folder.
 * @param {{ name: string, dir: string }} app
 * @returns {Promise<number>} wall time in ms
 */
export function buildApp(app) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn('pnpm', ['run', 'build'], {
      cwd: app.dir,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.add(child);
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.once('error', (e) => {
      children.delete(child);
      reject(e);
    });
    child.once('close', (code, signal) => {
      children.delete(child);
      const ms = performance.now() - started;
      if (code === 0) resolve(ms);
      else
        reject(
          new Error(`build of ${app.name} failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`),
        );
    });
  });
}

/**
 * Builds the monolith baseline into `outDir`.
 * @param {{ remotes: { name: string, dir: string, exposes: Record<string, string> }[], outDir: string, pagesModule: string }} o
 * @returns {Promise<{ ms: number, pages: number }>}
 */
export async function buildMonolith({ remotes, outDir, pagesModule }) {
  const started = performance.now();
  const pages = writeRemotePagesModule({ remotes, file: pagesModule });
  const compiler = rspack(createMonolithConfig({ outDir, pagesModule }));
  try {
    const stats = await new Promise((resolve, reject) => {
      compiler.run((err, s) => (err ? reject(err) : resolve(s)));
    });
    if (!stats || stats.hasErrors()) {
      throw new Error(`monolith build failed:\n${stats?.toString({ all: false, errors: true }) ?? ''}`);
    }
  } finally {
    await new Promise((resolve) => compiler.close(() => resolve(undefined)));
  }
  return { ms: performance.now() - started, pages };
}
