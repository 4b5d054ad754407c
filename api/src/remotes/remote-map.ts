import { readFile } from 'node:fs/promises';

/** The remotes the host knows about; each ships its own `mf-manifest.json`. */
export const REMOTE_NAMES = ['auth', 'workspace', 'billing', 'compute', 'support'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Remote name → absolute URL of its `mf-manifest.json`. */
export type RemoteMap = Partial<Record<RemoteName, string>>;

/** Where the map comes from; a file is re-read on every request so a remote can be repointed live. */
export type RemotesSource =
  | { kind: 'file'; path: string }
  | { kind: 'env'; map: RemoteMap }
  | { kind: 'default'; map: RemoteMap };

export const DEFAULT_REMOTE_MAP: RemoteMap = {
  auth: 'http://localhost:8081/mf-manifest.json',
  workspace: 'http://localhost:8082/mf-manifest.json',
  billing: 'http://localhost:8083/mf-manifest.json',
  compute: 'http://localhost:8084/mf-manifest.json',
  support: 'http://localhost:8085/mf-manifest.json',
};

export class RemoteMapError extends Error {
  override name = 'RemoteMapError';
}

function isRemoteName(name: string): name is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(name);
}

/**
 * Checks a parsed value is a remote map. Unknown names are rejected (a typo would otherwise silently
 * send that remote's screens to their fallback); a missing name is allowed, the host shows the
 * fallback for that remote's screens.
 */
export function parseRemoteMap(value: unknown): RemoteMap {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RemoteMapError('expected a JSON object mapping remote names to manifest URLs');
  }
  const entries = Object.entries(value);
  if (entries.length === 0) {
    throw new RemoteMapError(`expected at least one of ${REMOTE_NAMES.join(', ')}`);
  }
  const map: RemoteMap = {};
  for (const [name, url] of entries) {
    if (!isRemoteName(name)) {
      throw new RemoteMapError(`unknown remote "${name}" (known: ${REMOTE_NAMES.join(', ')})`);
    }
    if (typeof url !== 'string') {
      throw new RemoteMapError(`remote "${name}": the URL must be a string`);
    }
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new RemoteMapError(`remote "${name}": "${url}" is not an absolute URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new RemoteMapError(`remote "${name}": "${url}" must use http or https`);
    }
    map[name] = url;
  }
  return map;
}

export function parseRemoteMapJson(text: string): RemoteMap {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RemoteMapError(`invalid JSON: ${(error as Error).message}`);
  }
  return parseRemoteMap(value);
}

export async function readRemoteMap(source: RemotesSource): Promise<RemoteMap> {
  if (source.kind !== 'file') return source.map;
  let text: string;
  try {
    text = await readFile(source.path, 'utf8');
  } catch (error) {
    throw new RemoteMapError(`cannot read ${source.path}: ${(error as Error).message}`);
  }
  try {
    return parseRemoteMapJson(text);
  } catch (error) {
    throw new RemoteMapError(`${source.path}: ${(error as Error).message}`);
  }
}
