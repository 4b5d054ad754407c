/**
 * allauth's rate limits (`ACCOUNT_RATE_LIMITS` defaults of django-allauth 65), with its own notation:
 * `amount/duration/per`, comma-separated, every rate must hold. Counters live in process memory, as
 * with Django's default local-memory cache: one api process per database is the deployment shape.
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

/** Sliding windows of hit times, like allauth's cache-based history. */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private operations = 0;

  constructor(
    private readonly now: () => number,
    /** multiplies every allowance; 1 (allauth's values) except in test runs */
    private readonly scale = 1,
  ) {}

  /** Records one hit unless a rate is exhausted; false means "limited" (and nothing is recorded). */
  consume(action: RateAction, subject: RateSubject): boolean {
    const now = this.now();
    const buckets: { key: string; rate: Rate; times: number[] }[] = [];
    for (const rate of RATES[action]) {
      const id = subject[rate.per];
      // allauth skips a rate whose subject is unknown (e.g. `user` for an anonymous request).
      if (id === undefined) continue;
      const key = `${action}|${rate.per}|${rate.durationMs}|${id}`;
      const times = (this.hits.get(key) ?? []).filter((at) => at > now - rate.durationMs);
      if (times.length >= rate.amount * this.scale) return false;
      buckets.push({ key, rate, times });
    }
    for (const { key, times } of buckets) this.hits.set(key, [...times, now]);
    this.sweep(now);
    return true;
  }

  clear(action: RateAction, subject: RateSubject): void {
    for (const rate of RATES[action]) {
      const id = subject[rate.per];
      if (id !== undefined) this.hits.delete(`${action}|${rate.per}|${rate.durationMs}|${id}`);
    }
  }

  /** Drops expired windows now and then, so addresses seen once do not pile up. */
  private sweep(now: number): void {
    this.operations += 1;
    if (this.operations % 1000 !== 0) return;
    const longest = 86_400_000;
    for (const [key, times] of this.hits) {
      if ((times.at(-1) ?? 0) < now - longest) this.hits.delete(key);
    }
  }
}
