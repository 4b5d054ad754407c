import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cachedUntilWrite } from '../db/cached-reads.js';
import type { Db } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { type AuthSession, authSessions, type User, users } from '../db/schema.js';
import type { OidcLoginState } from '../sso/oidcClient.js';
import type { ProviderInfo } from './providers.js';
import { SESSION_AGE_S, SESSION_MAX_AUTH_AGE_S } from './session-lifetime.js';

export const SESSION_COOKIE = 'sessionid';

/** One entry of allauth's authentication records (`data.methods` in responses). */
export interface AuthRecord {
  method: string;
  /** Epoch seconds, as allauth reports them. */
  at: number;
  [key: string]: unknown;
}

/** A running code check (SMS registration code, login code): allauth keeps these in the session. */
export interface CodeProcess {
  code: string;
  expiresAt: number;
  attempts: number;
}

/**
 * A login that is not complete yet: allauth "stashes" it in the session while a stage (phone or
 * e-mail verification, login code, 2FA) is pending.
 */
export interface PendingLogin {
  /** null for the enumeration-prevention stand-in of a sign-up with a taken e-mail, or an unknown login-code address. */
  userId: string | null;
  email: string;
  phone: string;
  signup: boolean;
  /** Never completes: see `startFakeSignup`. */
  fake?: boolean;
  /** How the user proved who they are (password, code, then 2FA); recorded once every stage has passed. */
  records: AuthRecord[];
  current?: string;
  handled: string[];
  startedAt: number;
  loginCode?: CodeProcess;
  phoneCode?: CodeProcess;
}

/**
 * What a provider said about a login that has no portal account yet (allauth's stashed
 * `sociallogin`), kept until the visitor completes the provider sign-up. Never shown to the browser.
 */
export interface PendingSocialLogin {
  provider: string;
  uid: string;
  /** lower-cased */
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  claims: Record<string, unknown>;
}

/** A non-login flow pending in this session: `provider_signup`. */
export interface PendingFlow {
  id: string;
  /** Shown in the flow (allauth's `Provider`). */
  provider?: ProviderInfo;
  /** Kept server-side: stripped from the flow the browser sees. */
  sociallogin?: PendingSocialLogin;
  /** Epoch seconds; the flow lapses like a stashed login. */
  startedAt?: number;
}

/** A provider login started by `/auth/provider/redirect`, until the provider sends the browser back. */
export interface ProviderRedirectState {
  /** From `beginLogin` in `sso/oidcClient.ts`: state, nonce, PKCE verifier. */
  login: OidcLoginState;
  /** Where the browser goes afterwards: a same-site relative URL, checked on the way in. */
  callbackUrl: string;
  process: 'login' | 'connect';
}

export interface SessionData {
  records?: AuthRecord[];
  pending?: PendingLogin;
  pendingFlow?: PendingFlow;
  /** Started provider logins, keyed by their `state` (several tabs may start one each). */
  providerRedirects?: ProviderRedirectState[];
  /** The TOTP secret shown by `GET /account/authenticators/totp`, checked on activation. */
  totpSecret?: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

/**
 * The stored session a request's `sessionid` cookie names: none, expired (kept until cleaned up) or
 * active. `user` is the row of the session's `user_id`, read in the same statement (null when the
 * session has no user, or the user is gone).
 */
export type SessionLookup =
  | { status: 'none' }
  | { status: 'expired'; row: AuthSession; user: User | null }
  | { status: 'active'; row: AuthSession; user: User | null };

export async function lookupSession(
  db: Db,
  request: FastifyRequest,
  now: () => number,
): Promise<SessionLookup> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return { status: 'none' };
  // the session and its user in one statement: every identity request starts here
  const byKey = prepared(db, 'session_with_user_by_key', (d) =>
    d
      .select({ session: authSessions, user: users })
      .from(authSessions)
      .leftJoin(users, eq(users.id, authSessions.userId))
      .where(eq(authSessions.keyHash, sql.placeholder('keyHash')))
      .prepare('session_with_user_by_key'),
  );
  const keyHash = hashToken(token);
  // kept in memory on PGlite until the next write (`db/cached-reads.ts`)
  const found = await cachedUntilWrite(
    db,
    `session:${keyHash}`,
    async () => (await byKey.execute({ keyHash }))[0],
  );
  if (!found) return { status: 'none' };
  const { session: row, user } = found;
  return row.expiresAt.getTime() > now() ? { status: 'active', row, user } : { status: 'expired', row, user };
}

export interface CookieOptions {
  secure: boolean;
}

/**
 * The browser session of one request, loaded from `auth_sessions` by the `sessionid` cookie. Changes
 * are kept in memory and written once, by `commit`, before the response goes out; a session with
 * nothing in it is never stored (as with Django).
 */
export class BrowserSession {
  private dirty = false;
  private cycle = false;
  private destroyed = false;

  private constructor(
    private readonly db: Db,
    private row: AuthSession | null,
    public data: SessionData,
    public userId: string | null,
    private readonly now: () => number,
    private readonly maxAuthAgeS: number,
    /** The stored session's user as read with it, for the `user_id` it was read for. */
    private readonly loaded: { userId: string; user: User | null } | null = null,
  ) {}

  static async load(
    db: Db,
    request: FastifyRequest,
    now: () => number,
    maxAuthAgeS = SESSION_MAX_AUTH_AGE_S,
  ): Promise<BrowserSession> {
    const found = await lookupSession(db, request, now);
    if (found.status === 'active') {
      const { row } = found;
      return new BrowserSession(
        db,
        row,
        (row.data ?? {}) as SessionData,
        row.userId,
        now,
        maxAuthAgeS,
        row.userId === null ? null : { userId: row.userId, user: found.user },
      );
    }
    return new BrowserSession(db, null, {}, null, now, maxAuthAgeS);
  }

  /**
   * When the stored session ends: two weeks after its last save, and a signed-in one no later than
   * `maxAuthAgeS` after its last authentication. Every check of a session (HTTP, the sockets) reads
   * this one column.
   */
  private expiry(): number {
    const rolling = this.now() + SESSION_AGE_S * 1000;
    const records = this.data.records ?? [];
    if (this.userId === null || records.length === 0) return rolling;
    const lastAuthMs = Math.max(...records.map((record) => record.at)) * 1000;
    return Math.min(rolling, lastAuthMs + this.maxAuthAgeS * 1000);
  }

  /**
   * The user row read with the stored session, if `userId` still names it (`undefined` otherwise:
   * the caller reads the user itself). `null`: the stored session's user is gone.
   */
  userLoadedWith(userId: string): User | null | undefined {
    return this.loaded?.userId === userId ? this.loaded.user : undefined;
  }

  /** The integer id shown by `/auth/sessions`; undefined until the session is stored. */
  get id(): number | undefined {
    return this.row?.id;
  }

  changed(): void {
    this.dirty = true;
  }

  /** A new session id (cookie value) for the same session: on login and reauthentication. */
  cycleKey(): void {
    this.cycle = true;
    this.dirty = true;
  }

  /** Logs out: the row goes, the cookie is cleared. */
  destroy(): void {
    this.destroyed = true;
    this.data = {};
    this.userId = null;
  }

  async commit(request: FastifyRequest, reply: FastifyReply, cookie: CookieOptions): Promise<void> {
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: cookie.secure,
    };
    if (this.destroyed) {
      if (this.row) await this.db.delete(authSessions).where(eq(authSessions.id, this.row.id));
      if (this.row || request.cookies[SESSION_COOKIE]) reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return;
    }
    if (!this.dirty) return;
    const empty = this.userId === null && Object.keys(this.data).length === 0;
    const expiresAt = new Date(this.expiry());
    let token: string | undefined;
    if (this.row === null) {
      if (empty) return;
      token = newToken();
      const [row] = await this.db
        .insert(authSessions)
        .values({
          keyHash: hashToken(token),
          userId: this.userId,
          data: this.data,
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500),
          createdAt: new Date(this.now()),
          lastSeenAt: new Date(this.now()),
          expiresAt,
        })
        .returning();
      this.row = row!;
    } else {
      if (this.cycle) token = newToken();
      await this.db
        .update(authSessions)
        .set({
          userId: this.userId,
          data: this.data,
          expiresAt,
          lastSeenAt: new Date(this.now()),
          ...(token ? { keyHash: hashToken(token) } : {}),
        })
        .where(eq(authSessions.id, this.row.id));
    }
    const maxAge = Math.max(1, Math.ceil((expiresAt.getTime() - this.now()) / 1000));
    if (token) reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge });
  }
}
