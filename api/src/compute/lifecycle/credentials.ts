import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { GraphQLContext } from '../../graphql/context.js';
import { userError as refusal } from '../../graphql/errors.js';
import type { InstanceSshKey } from '../../graphql/generated/resolvers.js';
import { SSH_KEY_MESSAGES } from '../../ssh-keys/parse.js';
import { ownSshKeys } from '../../ssh-keys/repository.js';
import type { SshKeyRow } from '../../ssh-keys/tables.js';
import { COMPUTE_MESSAGES, isRootPasswordAccepted } from '../validation.js';
import { computeInstanceSshKeys } from './tables.js';

export const LIFECYCLE_MESSAGES = {
  passwordOrKey: 'Enter a root password or choose at least one SSH key.',
  unknownSshKey: SSH_KEY_MESSAGES.unknownKey,
} as const;

/** What a machine is deployed (or rebuilt) with: a root password, SSH keys, or both. */
export interface DeployCredentials {
  rootPassword: string | null;
  keys: SshKeyRow[];
}

/**
 * The credentials of createInstance and rebuildInstance: the keys must all be the caller's, and a
 * root password (checked by the portal's rules) or at least one key is needed.
 */
export async function deployCredentials(
  ctx: GraphQLContext,
  rootPassword: string | null | undefined,
  sshKeyUids: readonly string[] | null | undefined,
): Promise<DeployCredentials> {
  const { user } = await ctx.viewer();
  const keys = await ownSshKeys(ctx.db, user.id, sshKeyUids ?? []);
  if (!keys) throw refusal(LIFECYCLE_MESSAGES.unknownSshKey, 'UNKNOWN_SSH_KEY', 'sshKeyUids');
  const password = rootPassword ? rootPassword : null;
  if (password === null && keys.length === 0) {
    throw refusal(LIFECYCLE_MESSAGES.passwordOrKey, 'CREDENTIALS_REQUIRED', 'rootPassword');
  }
  if (password !== null && !isRootPasswordAccepted(password)) {
    throw refusal(COMPUTE_MESSAGES.password, 'INVALID_PASSWORD', 'rootPassword');
  }
  return { rootPassword: password, keys };
}

/** Records the keys an instance is deployed with (replacing those of an earlier deployment). */
export async function rememberSshKeys(db: Db, instanceId: string, keys: readonly SshKeyRow[]): Promise<void> {
  await db.delete(computeInstanceSshKeys).where(eq(computeInstanceSshKeys.instanceId, instanceId));
  if (keys.length === 0) return;
  await db.insert(computeInstanceSshKeys).values(
    keys.map((key) => ({
      instanceId,
      sshKeyId: key.id,
      name: key.name,
      fingerprint: key.fingerprint,
      type: key.type,
    })),
  );
}

export async function instanceSshKeys(db: Db, instanceId: string): Promise<InstanceSshKey[]> {
  return db
    .select({
      name: computeInstanceSshKeys.name,
      fingerprint: computeInstanceSshKeys.fingerprint,
      type: computeInstanceSshKeys.type,
    })
    .from(computeInstanceSshKeys)
    .where(eq(computeInstanceSshKeys.instanceId, instanceId))
    .orderBy(asc(computeInstanceSshKeys.name));
}
