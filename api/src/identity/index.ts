import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { IdentityConfig } from '../config.js';
import type { Db } from '../db/client.js';
import type { User } from '../db/schema.js';
import { socialProviderConfig } from '../sso/oidcProviders.js';
import type { CaptchaVerifier, IdentityServices } from './context.js';
import { DeferredWork } from './deferred.js';
import { outboxMailer, outboxSms, readOutbox } from './notify/outbox.js';
import { webhookSms } from './notify/sms-webhook.js';
import { smtpMailer } from './notify/smtp.js';
import type { Mailer, SmsSender } from './notify/types.js';
import { IDENTITY_PREFIX, identityPlugin, providerCallbackPlugin } from './plugin.js';
import { type ProviderRegistry, StaticProviderRegistry } from './providers.js';
import { RateLimiter } from './rate-limit.js';
import { recaptchaVerifier } from './recaptcha.js';
import { lookupSession } from './session.js';

export { beginLogin, startPendingFlow } from './flows.js';
export { IDENTITY_PREFIX } from './plugin.js';

/** What tests (and later modules) may swap: drivers, the provider registry, the clock. */
export interface IdentityOverrides {
  mailer?: Mailer;
  sms?: SmsSender;
  providers?: ProviderRegistry;
  now?: () => number;
  verifyCaptcha?: CaptchaVerifier | null;
}

export function createIdentityServices(
  config: IdentityConfig,
  db: Db,
  logger: FastifyBaseLogger,
  overrides: IdentityOverrides = {},
): IdentityServices {
  const now = overrides.now ?? Date.now;
  const { recaptcha } = config;
  return {
    db,
    config,
    logger,
    now,
    mailer:
      overrides.mailer ??
      (config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(db, logger)),
    sms:
      overrides.sms ??
      (config.smsWebhookUrl
        ? webhookSms(config.smsWebhookUrl, config.smsWebhookToken)
        : outboxSms(db, logger)),
    limiter: new RateLimiter(db, now, config.rateLimitScale),
    deferred: new DeferredWork(logger),
    providers: overrides.providers ?? new StaticProviderRegistry(socialProviderConfig(config.oidcProviders)),
    verifyCaptcha:
      overrides.verifyCaptcha !== undefined
        ? overrides.verifyCaptcha
        : recaptcha.secret
          ? recaptchaVerifier({ ...recaptcha, secret: recaptcha.secret }, logger)
          : null,
  };
}

export function registerIdentity(app: FastifyInstance, services: IdentityServices): void {
  app.register(identityPlugin, { prefix: IDENTITY_PREFIX, services });
  app.register(providerCallbackPlugin, { services });
}

/**
 * For other features (GraphQL): who a request's `sessionid` cookie signs in. `expired`: the cookie
 * names a signed-in session that has lapsed (GraphQL answers 'Signature has expired' then).
 */
export type SessionViewer =
  | { status: 'anonymous' }
  | { status: 'expired' }
  | { status: 'signed-in'; user: User; sessionId: number };

export async function sessionViewer(
  services: IdentityServices,
  request: FastifyRequest,
): Promise<SessionViewer> {
  // the session and its user in one statement (none on PGlite while kept): every GraphQL request starts here
  const found = await lookupSession(services.db, request, services.now);
  if (found.status === 'none' || found.user === null) return { status: 'anonymous' };
  if (found.status === 'expired') return { status: 'expired' };
  return { status: 'signed-in', user: found.user, sessionId: found.row.id };
}

/** The signed-in user of a request's `sessionid` cookie, if any. */
export async function sessionUser(services: IdentityServices, request: FastifyRequest): Promise<User | null> {
  const viewer = await sessionViewer(services, request);
  return viewer.status === 'signed-in' ? viewer.user : null;
}

/**
 * `GET /_dev/outbox?to=ADDRESS`: the messages the embedded drivers "sent" to an e-mail address or
 * phone number, newest first. Registered only with PORTAL_DEV_TOOLS=1, which production refuses.
 */
export function registerDevOutbox(app: FastifyInstance, db: Db, deferred: DeferredWork): void {
  app.get('/_dev/outbox', async (request, reply) => {
    const to = (request.query as { to?: unknown }).to;
    if (typeof to !== 'string' || to.trim() === '') {
      return reply
        .code(400)
        .send({ error: 'query parameter "to" (an e-mail address or phone number) is required' });
    }
    const address = to.includes('@') ? to.trim().toLowerCase() : to.trim();
    reply.header('cache-control', 'no-store');
    await deferred.settled();
    return readOutbox(db, address);
  });
}
