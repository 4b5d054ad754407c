import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { User } from '../db/schema.js';
import type { Mailer, SmsSender } from './notify/types.js';
import type { ProviderRegistry } from './providers.js';
import type { RateLimiter } from './rate-limit.js';
import type { BrowserSession } from './session.js';
import { findUserById } from './users.js';

export type CaptchaVerifier = (token: string | undefined, ip: string) => Promise<boolean>;

/** Everything the identity routes share, built once per app. */
import type { DeferredWork } from './deferred.js';

export interface IdentityServices {
  db: Db;
  config: IdentityConfig;
  mailer: Mailer;
  sms: SmsSender;
  limiter: RateLimiter;
  providers: ProviderRegistry;
  /** Milliseconds since the epoch; tests move it to cross the reauthentication timeout. */
  now: () => number;
  logger: FastifyBaseLogger;
  /** null when bot protection is off. */
  verifyCaptcha: CaptchaVerifier | null;
  /** Work answered before it is done (a reset mail): its timing must not tell what it found. */
  deferred: DeferredWork;
  /** Told when an identity call changed what `me` shows (a verified e-mail change); the app publishes `meChanged`. */
  userChanged?: (userId: string) => void;
}

/** One identity request: the services, the browser session and the signed-in user. */
export class Ctx {
  /** Set on login: Django rotates the CSRF token whenever someone logs in. */
  rotateCsrf = false;
  private cachedUser: User | null | undefined;

  constructor(
    readonly services: IdentityServices,
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
    readonly session: BrowserSession,
  ) {}

  get db() {
    return this.services.db;
  }

  get ip(): string {
    return this.request.ip;
  }

  /** Epoch seconds, allauth's unit for `at`. */
  nowS(): number {
    return this.services.now() / 1000;
  }

  async user(): Promise<User | null> {
    if (this.cachedUser !== undefined) return this.cachedUser;
    const id = this.session.userId;
    if (!id) {
      this.cachedUser = null;
      return null;
    }
    // read with the session (`BrowserSession.load`) unless the session changed hands since
    const loaded = this.session.userLoadedWith(id);
    this.cachedUser = loaded !== undefined ? loaded : ((await findUserById(this.db, id)) ?? null);
    return this.cachedUser;
  }

  setUser(user: User | null): void {
    this.cachedUser = user;
    this.session.userId = user?.id ?? null;
    this.session.changed();
  }

  /** Fire-and-report: a failing mail or SMS driver is logged, never turned into a 500 that leaks state. */
  async sendMail(message: Parameters<Mailer['send']>[0]): Promise<void> {
    try {
      await this.services.mailer.send(message);
    } catch (err) {
      this.request.log.error({ err, to: message.to }, 'sending mail failed');
    }
  }

  async sendSms(message: Parameters<SmsSender['send']>[0]): Promise<void> {
    try {
      await this.services.sms.send(message);
    } catch (err) {
      this.request.log.error({ err, to: message.to }, 'sending SMS failed');
    }
  }
}
