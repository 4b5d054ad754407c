import { and, eq } from 'drizzle-orm';
import { permissionDenied, userError as refusal } from '../graphql/errors.js';
import type { MutationResolvers, QueryResolvers } from '../graphql/generated/resolvers.js';
import { parsePublicKey, SSH_KEY_MESSAGES, SshKeyRefusal, validKeyName } from './parse.js';
import { toSshKey, userSshKeys } from './repository.js';
import { sshKeys } from './tables.js';

export const sshKeyQueries = {
  sshKeys: async (_parent, _args, ctx) => {
    const { user } = await ctx.viewer();
    return (await userSshKeys(ctx.db, user.id)).map(toSshKey);
  },
} satisfies QueryResolvers;

export const sshKeyMutations = {
  addSshKey: async (_parent, { name, publicKey }, ctx) => {
    const { user } = await ctx.viewer();
    let valid: { name: string; key: ReturnType<typeof parsePublicKey> };
    try {
      valid = { name: validKeyName(name), key: parsePublicKey(publicKey) };
    } catch (error) {
      if (error instanceof SshKeyRefusal) throw refusal(error.message, 'INVALID_SSH_KEY', error.field);
      throw error;
    }
    const [existing] = await ctx.db
      .select({ name: sshKeys.name })
      .from(sshKeys)
      .where(and(eq(sshKeys.userId, user.id), eq(sshKeys.fingerprint, valid.key.fingerprint)));
    if (existing) throw refusal(SSH_KEY_MESSAGES.duplicate(existing.name), 'DUPLICATE_SSH_KEY', 'publicKey');
    const [row] = await ctx.db
      .insert(sshKeys)
      .values({ userId: user.id, name: valid.name, ...valid.key })
      .onConflictDoNothing()
      .returning();
    if (!row) throw refusal(SSH_KEY_MESSAGES.duplicate(valid.name), 'DUPLICATE_SSH_KEY', 'publicKey');
    return toSshKey(row);
  },
  deleteSshKey: async (_parent, { uid }, ctx) => {
    const { user } = await ctx.viewer();
    if (!/^[0-9a-f-]{36}$/i.test(uid)) throw permissionDenied();
    const [row] = await ctx.db
      .delete(sshKeys)
      .where(and(eq(sshKeys.id, uid), eq(sshKeys.userId, user.id)))
      .returning({ id: sshKeys.id });
    if (!row) throw permissionDenied();
    return row.id;
  },
} satisfies MutationResolvers;
