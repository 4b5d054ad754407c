import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REMOTES = ['auth', 'workspace', 'billing', 'compute', 'support'] as const;
export type Remote = (typeof REMOTES)[number];
export const remoteDir = (remote: Remote) => path.join(REPO, `remote-${remote}`);
