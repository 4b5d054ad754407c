import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REMOTES = ['auth', 'workspace', 'billing', 'compute', 'support'] as const;
export type Remote = (typeof REMOTES)[number];
export const remoteDir = (remote: Remote) => path.join(REPO, `remote-${remote}`);

/**
 * The URL of a workspace's Dashboard as the address bar shows it: the compute remote adds its
 * default tab (`/instances`) once the page is up, so a check may see either.
 */
export const dashboardUrl = (contractUid: string) =>
  new RegExp(`/workspace/${contractUid}/dashboard(/instances)?$`);
