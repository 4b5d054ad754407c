import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { type SocialAccount, socialAccounts, type User } from '../db/schema.js';
import type { OidcIdentity } from '../sso/oidcClient.js';
import type { Ctx } from './context.js';
import type { Envelope } from './envelope.js';
import { beginLogin, pendingFlow, startPendingFlow } from './flows.js';
import type { ProviderInfo } from './providers.js';
import type { AuthRecord, PendingFlow, PendingSocialLogin } from './session.js';
import { findUserByEmail, findUserById, normalizeEmail } from './users.js';

export const PROVIDER_SIGNUP = 'provider_signup';

/** The provider as allauth shows it in flows and accounts; the registry's entry when there is one. */
export function providerInfo(ctx: Ctx, providerId: string): ProviderInfo {
  return (
    ctx.services.providers.list().find((provider) => provider.id === providerId) ?? {
      id: providerId,
      name: providerId,
      flows: ['provider_redirect'],
    }
  );
}

/** allauth's authentication record of a provider login. */
export const socialRecord = (ctx: Ctx, provider: string, uid: string): AuthRecord => ({
  method: 'socialaccount',
  at: ctx.nowS(),
  provider,
  uid,
});

export async function findSocialAccount(
  db: Db,
  provider: string,
  uid: string,
): Promise<SocialAccount | undefined> {
  const [account] = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.uid, uid)));
  return account;
}

export async function linkSocialAccount(
  db: Db,
  userId: string,
  login: Pick<PendingSocialLogin, 'provider' | 'uid' | 'claims'>,
  now: Date,
): Promise<void> {
  await db.insert(socialAccounts).values({
    provider: login.provider,
    uid: login.uid,
    userId,
    extra: login.claims,
    createdAt: now,
    lastLoginAt: now,
  });
}

/** The provider sign-up pending in this session (allauth's `get_pending_signup`). */
export function pendingProviderSignup(
  ctx: Ctx,
): (PendingFlow & { sociallogin: PendingSocialLogin }) | undefined {
  const flow = pendingFlow(ctx, PROVIDER_SIGNUP);
  return flow?.sociallogin ? (flow as PendingFlow & { sociallogin: PendingSocialLogin }) : undefined;
}

/**
 * allauth's social login (`process=login`) once the provider vouched for the visitor:
 * 1. a linked account: log its user in (the login stages run as for a password login);
 * 2. else a user whose verified e-mail is the provider's verified e-mail: link, then log in (never on
 *    an unverified address at either end: that would hand accounts to whoever can set an e-mail
 *    at a provider, or to whoever registered someone else's address here first);
 * 3. else the `provider_signup` flow, holding what the provider said until the form is sent.
 */
export async function socialLogin(ctx: Ctx, identity: OidcIdentity): Promise<Envelope> {
  const { providerId: provider, subject: uid } = identity;
  const now = new Date(ctx.services.now());
  const account = await findSocialAccount(ctx.db, provider, uid);
  const linked = account ? await findUserById(ctx.db, account.userId) : undefined;
  if (account && linked) {
    await ctx.db
      .update(socialAccounts)
      .set({ extra: identity.claims, lastLoginAt: now })
      .where(eq(socialAccounts.id, account.id));
    ctx.request.log.info({ userId: linked.id, provider }, 'provider login');
    return beginLogin(ctx, linked, { record: socialRecord(ctx, provider, uid) });
  }

  const email = identity.email ? normalizeEmail(identity.email) : null;
  const owner: User | undefined =
    email && identity.emailVerified ? await findUserByEmail(ctx.db, email) : undefined;
  if (owner?.emailVerified) {
    await linkSocialAccount(ctx.db, owner.id, { provider, uid, claims: identity.claims }, now);
    ctx.request.log.info({ userId: owner.id, provider }, 'provider account connected by verified e-mail');
    return beginLogin(ctx, owner, { record: socialRecord(ctx, provider, uid) });
  }

  return startPendingFlow(ctx, {
    id: PROVIDER_SIGNUP,
    provider: providerInfo(ctx, provider),
    sociallogin: {
      provider,
      uid,
      email,
      emailVerified: identity.emailVerified,
      name: identity.name,
      givenName: identity.givenName,
      familyName: identity.familyName,
      claims: identity.claims,
    },
  });
}
