import { flag, integer, invalid, number, reader, text, url } from '../config/readers.js';
import { configPart, variable } from '../config/schema.js';
import {
  OIDC_PROVIDERS_ENV,
  OidcConfigError,
  type OidcProvider,
  readOidcProviders,
} from '../sso/oidcProviders.js';
import { SESSION_AGE_S, SESSION_MAX_AUTH_AGE_S } from './session-lifetime.js';

export interface IdentityConfig {
  /** The portal's public origin: links in mails point here, and https means Secure cookies. */
  publicUrl: string;
  secureCookies: boolean;
  reauthTimeoutS: number;
  sessionMaxAgeS: number;
  rateLimitScale: number;
  /** `GET /_dev/outbox` and the other `/_dev/` routes: never in production. */
  devTools: boolean;
  /** SMTP via nodemailer when set; otherwise mail goes to the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** An SMS gateway taking `POST {to, text}` when set; otherwise SMS go to the outbox table. */
  smsWebhookUrl: string | undefined;
  smsWebhookToken: string | undefined;
  recaptcha: {
    siteKey: string | null;
    /** Bot protection is on exactly when the secret is set. */
    secret: string | undefined;
    minScore: number;
    verifyUrl: string;
  };
  oidcProviders: readonly OidcProvider[];
}

const WEB = ['http:', 'https:'];

const PUBLIC_URL = variable({
  name: 'PORTAL_PUBLIC_URL',
  description:
    "the portal's public origin: links in mails point here; `https://…` makes cookies `Secure`; the only page origin `/ws/api/` admits in production",
  schema: url(WEB, 'http://localhost:8080'),
  example: { value: 'https://portal.example.com' },
});

const REAUTH_TIMEOUT_S = variable({
  name: 'PORTAL_REAUTH_TIMEOUT_S',
  description: "how recent a login must be for sensitive calls (allauth's `REAUTHENTICATION_TIMEOUT`)",
  schema: integer({
    min: 1,
    fallback: 300,
    type: 'seconds, from 1',
    message: (value) => `"${value}" is not a positive number of seconds`,
  }),
  example: { value: '300' },
});

const SESSION_MAX_AGE_S = variable({
  name: 'PORTAL_SESSION_MAX_AGE_S',
  description:
    'a sign-in ends this long after its last authentication (login or reauthentication), however busy the session (see "Session lifetime")',
  schema: integer({
    min: 60,
    max: SESSION_AGE_S,
    fallback: SESSION_MAX_AUTH_AGE_S,
    type: `seconds, 60-${SESSION_AGE_S}`,
    message: (value) => `"${value}" is not a number of seconds from 60 to ${SESSION_AGE_S}`,
  }),
  example: { value: String(SESSION_MAX_AUTH_AGE_S) },
});

const RATE_LIMIT_SCALE = variable({
  name: 'PORTAL_RATE_LIMIT_SCALE',
  description:
    'test runs only: multiplies every rate-limit allowance; the e2e suites set 10 because all their browsers share 127.0.0.1',
  schema: integer({ min: 1, fallback: 1, message: (value) => `"${value}" is not a whole number from 1 up` }),
  devOnly: 'loosening the rate limits is refused',
});

const DEV_TOOLS = variable({
  name: 'PORTAL_DEV_TOOLS',
  description:
    "serve the `/_dev/` routes the e2e suites drive (the outbox reader, balance and clock moves, the sandbox's deliveries, job runs)",
  schema: flag(),
  devOnly: 'dev tools (the outbox reader) are refused',
});

const RECAPTCHA_MIN_SCORE = variable({
  name: 'RECAPTCHA_MIN_SCORE',
  description: 'lowest reCAPTCHA score that passes',
  schema: number({ min: 0, max: 1, fallback: 0.5, anyNumeral: true }),
  example: { value: '0.5', commented: true },
});

const SMTP_URL = variable({
  name: 'SMTP_URL',
  description:
    '`smtp://` or `smtps://user:pass@host:port`: send mail through it (nodemailer); else the outbox table',
  schema: url(['smtp:', 'smtps:']),
  secret: true,
  example: { value: 'smtps://portal:CHANGE-ME@smtp.example.com:465' },
});

const MAIL_FROM = variable({
  name: 'MAIL_FROM',
  description: 'sender of every mail',
  schema: reader('address', 'Portal <no-reply@localhost>', (value) => value),
  example: { value: 'Customer Portal <no-reply@example.com>' },
});

const SMS_WEBHOOK_URL = variable({
  name: 'SMS_WEBHOOK_URL',
  description: 'an SMS gateway (or relay) taking `POST {"to","text"}` JSON; else SMS go to the outbox table',
  schema: url(WEB),
  example: { value: 'https://sms-gateway.example.com/send' },
});

const SMS_WEBHOOK_TOKEN = variable({
  name: 'SMS_WEBHOOK_TOKEN',
  description: 'sent as `Authorization: Bearer …` to the SMS gateway',
  schema: text('token'),
  secret: true,
  example: { value: '' },
});

const RECAPTCHA_SITE_KEY = variable({
  name: 'RECAPTCHA_SITE_KEY',
  description: 'published in `/runtime-config.json` so the browser loads the reCAPTCHA script',
  schema: reader('key', null as string | null, (value) => value),
  example: { value: '', commented: true },
});

const RECAPTCHA_SECRET = variable({
  name: 'RECAPTCHA_SECRET',
  description: 'turns reCAPTCHA v3 checks on for login and sign-up (with `RECAPTCHA_SITE_KEY`)',
  schema: text('key'),
  secret: true,
  example: { value: '', commented: true },
});

const RECAPTCHA_VERIFY_URL = variable({
  name: 'RECAPTCHA_VERIFY_URL',
  description: 'where reCAPTCHA tokens are checked (tests point it at a local server)',
  schema: url(WEB, 'https://www.google.com/recaptcha/api/siteverify'),
});

const OIDC_PROVIDERS = variable({
  name: OIDC_PROVIDERS_ENV,
  description:
    'the OpenID Connect providers offered for sign-in, a JSON array holding their client secrets (see "SSO"); unset: none',
  schema: reader('JSON array', [] as readonly OidcProvider[], (value) => {
    try {
      return readOidcProviders({ [OIDC_PROVIDERS_ENV]: value });
    } catch (error) {
      if (!(error instanceof OidcConfigError)) throw error;
      return invalid(...error.problems);
    }
  }),
  secret: true,
  example: {
    value:
      '[{"id":"company","name":"Company SSO","issuer":"https://id.example.com","clientId":"portal","clientSecret":"CHANGE-ME"}]',
    commented: true,
  },
});

/** Sign-in, sessions, mail and SMS, bot protection and SSO. */
export const identityPart = configPart({
  key: 'identity',
  title: 'sign-in, mail and SMS',
  variables: [
    PUBLIC_URL,
    REAUTH_TIMEOUT_S,
    SESSION_MAX_AGE_S,
    RATE_LIMIT_SCALE,
    DEV_TOOLS,
    RECAPTCHA_MIN_SCORE,
    SMTP_URL,
    MAIL_FROM,
    SMS_WEBHOOK_URL,
    SMS_WEBHOOK_TOKEN,
    RECAPTCHA_SITE_KEY,
    RECAPTCHA_SECRET,
    RECAPTCHA_VERIFY_URL,
    OIDC_PROVIDERS,
  ],
  build: (get) => {
    const publicUrl = get(PUBLIC_URL).replace(/\/+$/, '');
    // read in this order, the problems are listed in it
    const [reauthTimeoutS, sessionMaxAgeS, rateLimitScale] = [
      get(REAUTH_TIMEOUT_S),
      get(SESSION_MAX_AGE_S),
      get(RATE_LIMIT_SCALE),
    ];
    const devTools = get(DEV_TOOLS);
    const minScore = get(RECAPTCHA_MIN_SCORE);
    const identity: IdentityConfig = {
      publicUrl,
      secureCookies: publicUrl.startsWith('https:'),
      reauthTimeoutS,
      sessionMaxAgeS,
      rateLimitScale,
      devTools,
      smtpUrl: get(SMTP_URL),
      mailFrom: get(MAIL_FROM),
      smsWebhookUrl: get(SMS_WEBHOOK_URL),
      smsWebhookToken: get(SMS_WEBHOOK_TOKEN),
      recaptcha: {
        siteKey: get(RECAPTCHA_SITE_KEY),
        secret: get(RECAPTCHA_SECRET),
        minScore,
        verifyUrl: get(RECAPTCHA_VERIFY_URL),
      },
      oidcProviders: get(OIDC_PROVIDERS),
    };
    return { identity };
  },
});
