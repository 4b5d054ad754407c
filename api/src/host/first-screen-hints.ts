import type { FastifyRequest } from 'fastify';
import { type RemoteName, type RemotesSource, readRemoteMap } from '../remotes/remote-map.js';

/**
 * The sign-in pages (every path under it) come from this remote: the host's route table holds the
 * same rule (`SIGN_IN_PATH_PREFIX` in host/src/federation/remoteRegistry.ts, checked by its tests).
 */
export const SIGN_IN_PAGES: { prefix: string; remote: RemoteName } = { prefix: '/auth/', remote: 'auth' };

/**
 * The `Link` header of a host page (issue 14): the first requests its main.js makes, preloaded while
 * the browser is still downloading main.js. `/remotes.json`, and on a sign-in page the sign-in
 * remote's manifest (from the live map, as `/remotes.json` answers it). Both are read by `fetch` in
 * cors mode with same-origin credentials (the host's registry, the federation runtime), which is
 * what `as=fetch; crossorigin` preloads, so the browser hands them the preloaded answer. A broken
 * map names only `/remotes.json` (which then answers 500 and the host shows its fallbacks).
 */
export async function firstScreenLinks(request: FastifyRequest, remotes: RemotesSource): Promise<string> {
  const links = ['</remotes.json>; rel=preload; as=fetch; crossorigin'];
  const path = request.url.split(/[?#]/, 1)[0] ?? '';
  if (path.startsWith(SIGN_IN_PAGES.prefix)) {
    const manifest = await readRemoteMap(remotes).then(
      (map) => map[SIGN_IN_PAGES.remote],
      () => undefined,
    );
    if (manifest) links.push(`<${encodeURI(manifest)}>; rel=preload; as=fetch; crossorigin`);
  }
  return links.join(', ');
}
