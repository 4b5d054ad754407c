import { resolve } from 'node:path';
import { DEFAULT_REMOTE_MAP, parseRemoteMapJson, type RemotesSource } from '../remotes/remote-map.js';
import { REPO_ROOT } from './paths.js';
import { json, text } from './readers.js';
import { configPart, variable } from './schema.js';

const HOST_DIST = variable({
  name: 'PORTAL_HOST_DIST',
  description: "the host's static build",
  schema: text('path'),
  defaultText: '<repo>/host/dist',
  example: { value: '/app/host/dist', commented: true },
});

const REMOTES_FILE = variable({
  name: 'PORTAL_REMOTES_FILE',
  description:
    'path of a JSON remote map, re-read on every request to `/remotes.json` (`npm start`: `releases/remotes.json`, rewritten by `npm run release:promote` / `release:rollback`)',
  schema: text('path'),
  example: { value: '/etc/portal/remotes.json', commented: true },
});

const REMOTES = variable({
  name: 'PORTAL_REMOTES',
  description:
    'the remote map as a JSON string (remote name to its `mf-manifest.json` URL); used when `PORTAL_REMOTES_FILE` is unset; unset, the local dev servers',
  schema: json('JSON object', undefined, parseRemoteMapJson),
  example: {
    value:
      '{"auth":"https://cdn.example.com/portal/auth/mf-manifest.json","workspace":"https://cdn.example.com/portal/workspace/mf-manifest.json","billing":"https://cdn.example.com/portal/billing/mf-manifest.json","compute":"https://cdn.example.com/portal/compute/mf-manifest.json","support":"https://cdn.example.com/portal/support/mf-manifest.json"}',
  },
});

/** The front end the api serves: the host's build and where the remotes are. */
export const assetsPart = configPart({
  key: 'assets',
  title: 'the front end served',
  variables: [HOST_DIST, REMOTES_FILE, REMOTES],
  build: (get) => {
    const hostDist = get(HOST_DIST);
    const file = get(REMOTES_FILE);
    const map = file === undefined ? get(REMOTES) : undefined;
    const remotes: RemotesSource =
      file !== undefined
        ? { kind: 'file', path: resolve(file) }
        : map === undefined
          ? { kind: 'default', map: DEFAULT_REMOTE_MAP }
          : { kind: 'env', map };
    return {
      hostDist: hostDist === undefined ? resolve(REPO_ROOT, 'host/dist') : resolve(hostDist),
      remotes,
    };
  },
});
