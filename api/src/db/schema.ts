import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

export const DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD.MM.YYYY'] as const;
export const TIME_FORMATS = ['24h', '12h'] as const;

/** A SQL list of constant strings, for check constraints (the values are ours, never user input). */
const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A person who can log in. The e-mail is the login and is stored lower-cased (a check enforces it),
 * so the unique constraint is case-insensitive in effect. Names and phone are '' rather than null
 * when unknown: sign-up does not ask for them and the screens show them as empty fields.
 */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    timezone: text('timezone').notNull().default('Europe/Berlin'),
    dateFormat: text('date_format', { enum: DATE_FORMATS }).notNull().default('YYYY-MM-DD'),
    timeFormat: text('time_format', { enum: TIME_FORMATS }).notNull().default('24h'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The user's id in the identity (allauth) API, whose contract types user ids as integers; the
     * uuid stays the id everywhere else.
     */
    authId: integer('auth_id').generatedAlwaysAsIdentity().notNull().unique(),
    /** Argon2id PHC string; null for an account without a usable password (e.g. created by SSO). */
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** When the sign-up form's consents were given: required (privacy policy, SMS terms) and optional. */
    consentPersonalDataAt: timestamp('consent_personal_data_at', { withTimezone: true }),
    consentMarketingAt: timestamp('consent_marketing_at', { withTimezone: true }),
    referral: text('referral').notNull().default(''),
  },
  (table) => [
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_date_format', sql`${table.dateFormat} in (${sqlList(DATE_FORMATS)})`),
    check('users_time_format', sql`${table.timeFormat} in (${sqlList(TIME_FORMATS)})`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * A browser session (the `sessionid` cookie). Only a SHA-256 of the cookie value is stored, so a
 * leaked table does not hand out live sessions. `data` holds what Django would keep in its session:
 * the authentication records, a stashed login waiting on a stage, a TOTP secret being set up.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    /** Integer: the contract's session ids (`/auth/sessions`) are integers. */
    id: serial('id').primaryKey(),
    keyHash: text('key_hash').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').notNull().default({}),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('auth_sessions_user_id').on(table.userId)],
);

export const AUTHENTICATOR_TYPES = ['totp', 'recovery_codes'] as const;

/** A second factor. Integer ids: the contract's authenticator ids are integers. */
export const authenticators = pgTable(
  'authenticators',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: AUTHENTICATOR_TYPES }).notNull(),
    /** totp: `{ secret, lastCounter }`; recovery_codes: `{ codes, used }`. */
    data: jsonb('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    index('authenticators_user_id').on(table.userId),
    check('authenticators_type', sql`${table.type} in (${sqlList(AUTHENTICATOR_TYPES)})`),
  ],
);

export const TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const;

/** Keys sent by e-mail (verification and password-reset links), stored as SHA-256, single use. */
export const identityTokens = pgTable(
  'identity_tokens',
  {
    id: serial('id').primaryKey(),
    purpose: text('purpose', { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('identity_tokens_user_id').on(table.userId),
    check('identity_tokens_purpose', sql`${table.purpose} in (${sqlList(TOKEN_PURPOSES)})`),
  ],
);

/**
 * A login at an OpenID Connect provider linked to a user (allauth's `SocialAccount`): `provider` is
 * the configured provider id, `uid` the subject (`sub`), unique per provider. `extra` keeps the
 * provider's claims (ID token merged with UserInfo) from the latest login.
 */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').notNull(),
    uid: text('uid').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    extra: jsonb('extra').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('social_accounts_provider_uid').on(table.provider, table.uid),
    index('social_accounts_user_id').on(table.userId),
  ],
);

export const OUTBOX_CHANNELS = ['email', 'sms'] as const;

/** Mail and SMS the embedded drivers "sent": the default when no SMTP server or SMS provider is set. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial('id').primaryKey(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('outbox_messages_to').on(table.to, table.createdAt),
    check('outbox_messages_channel', sql`${table.channel} in (${sqlList(OUTBOX_CHANNELS)})`),
  ],
);

export type AuthSession = typeof authSessions.$inferSelect;
export type Authenticator = typeof authenticators.$inferSelect;
export type SocialAccount = typeof socialAccounts.$inferSelect;
export type OutboxMessage = typeof outboxMessages.$inferSelect;
