import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';

/**
 * allauth's rate limits (`ACCOUNT_RATE_LIMITS` defaults of django-allauth 65), with its own notation:
 * `amount/duration/per`, comma-separated, every rate must hold. The counters live in the database
 * (below), shared by every api process on it, as allauth's would in a shared Django cache.
 */
export const ALLAUTH_RATE_LIMITS = {
  change_password: '5/m/user',
  change_phone: '1/m/user',
  manage_email: '10/m/user',
  reset_password: '20/m/ip,5/m/key',
  reauthenticate: '10/m/user',
  reset_password_from_key: '20/m/ip',
  signup: '20/m/ip',
  login: '30/m/ip',
  request_login_code: '20/m/ip,3/m/key',
  login_failed: '10/m/ip,5/5m/key',
  // EMAIL_CONFIRMATION_COOLDOWN (180 s): how often a verification mail may be sent to one address.
  confirm_email: '1/180s/key',
  verify_phone: '1/30s/key,3/m/ip',
} as const;

export type RateAction = keyof typeof ALLAUTH_RATE_LIMITS;
export type RateScope = 'ip' | 'key' | 'user';

export interface Rate {
  amount: number;
  durationMs: number;
  per: RateScope;
}

const UNIT_MS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

export function parseRates(spec: string): Rate[] {
  return spec.split(',').map((part) => {
    const match = /^(\d+)\/(\d*)([smhd])\/(ip|key|user)$/.exec(part.trim());
    if (!match) throw new Error(`bad rate limit "${part}"`);
    const [, amount, count, unit, per] = match;
    return {
      amount: Number(amount),
      durationMs: Number(count || '1') * UNIT_MS[unit!]!,
      per: per as RateScope,
    };
  });
}

const RATES = Object.fromEntries(
  Object.entries(ALLAUTH_RATE_LIMITS).map(([action, spec]) => [action, parseRates(spec)]),
) as Record<RateAction, Rate[]>;

export type RateSubject = Partial<Record<RateScope, string>>;

/** The counter key of one rate of an action for one subject. */
const bucketKey = (action: RateAction, rate: Rate, id: string) =>
  `${action}|${rate.per}|${rate.durationMs}|${id}`;

/** The longest window of any rate: hits older than this count for nothing anywhere. */
const LONGEST_MS = Math.max(...Object.values(RATES).flatMap((rates) => rates.map((r) => r.durationMs)));

/**
 * Sliding windows of hit times, like allauth's cache-based history, kept in the database
 * (`rate_limit_hits`, `jobs/tables.ts`) so that every api process on it counts the same hits: a
 * limit holds for the whole deployment, not per process. The same code runs on PGlite and
 * PostgreSQL. A check is one short transaction: advisory locks on its keys (in order), then one
 * statement that drops the keys' expired hits, counts the live ones and records the new hit in
 * every window only if all of them have room (allauth: a limited call records nothing).
 */
export class RateLimiter {
  private operations = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    /** multiplies every allowance; 1 (allauth's values) except in test runs */
    private readonly scale = 1,
  ) {}

  /** Records one hit unless a rate is exhausted; false means "limited" (and nothing is recorded). */
  async consume(action: RateAction, subject: RateSubject): Promise<boolean> {
    const now = this.now();
    const buckets: { key: string; limit: number; since: number }[] = [];
    for (const rate of RATES[action]) {
      const id = subject[rate.per];
      // allauth skips a rate whose subject is unknown (e.g. `user` for an anonymous request).
      if (id === undefined) continue;
      buckets.push({
        key: bucketKey(action, rate, id),
        limit: rate.amount * this.scale,
        since: now - rate.durationMs,
      });
    }
    if (buckets.length === 0) return true;
    const values = sql.join(
      buckets.map((b) => sql`(${b.key}::text, ${b.limit}::int, ${b.since}::bigint)`),
      sql`, `,
    );
    const recorded = await this.db.transaction(async (tx) => {
      // two processes checking one key take turns, so neither counts before the other's hit
      for (const key of buckets.map((b) => b.key).sort())
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      return queryRows<{ key: string }>(
        tx as unknown as Db,
        sql`with b(key, lim, since) as (values ${values}),
          pruned as (delete from rate_limit_hits h using b where h.key = b.key and h.at <= b.since),
          counts as (
            select b.key, b.lim,
              (select count(*) from rate_limit_hits h where h.key = b.key and h.at > b.since) as n
            from b
          ),
          room as (select bool_and(n < lim) as ok from counts)
          insert into rate_limit_hits (key, at)
          select b.key, ${now}::bigint from b, room where room.ok
          returning key`,
      );
    });
    await this.sweep(now);
    return recorded.length > 0;
  }

  async clear(action: RateAction, subject: RateSubject): Promise<void> {
    const keys = RATES[action].flatMap((rate) => {
      const id = subject[rate.per];
      return id === undefined ? [] : [bucketKey(action, rate, id)];
    });
    if (keys.length === 0) return;
    await this.db.execute(
      sql`delete from rate_limit_hits where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )})`,
    );
  }

  /** Drops every expired hit now and then, so addresses seen once do not pile up. */
  private async sweep(now: number): Promise<void> {
    this.operations += 1;
    if (this.operations % 1000 !== 0) return;
    await this.db.execute(sql`delete from rate_limit_hits where at <= ${now - LONGEST_MS}`);
  }
}
