import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

export const DATE_FORMATS = ['YYYY-MM-DD', 'MM/DD/YYYY', 'DD.MM.YYYY'] as const;
export const TIME_FORMATS = ['24h', '12h'] as const;
/** The portal's languages (`me.user.language`); null: not chosen, the browser's language applies. */
export const LANGUAGES = ['en', 'de'] as const;

/** A SQL list of constant strings, for check constraints (the values are ours, never user input). */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

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
    language: text('language', { enum: LANGUAGES }),
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
    /** Feature profiles enabled for the user (`me.env.profiles`): routes behind a feature flag. */
    profiles: text('profiles').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [
    check('users_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('users_date_format', sql`${table.dateFormat} in (${sqlList(DATE_FORMATS)})`),
    check('users_time_format', sql`${table.timeFormat} in (${sqlList(TIME_FORMATS)})`),
    check('users_language', sql`${table.language} in (${sqlList(LANGUAGES)})`),
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
    /** totp: `{ secret, used? }` (see `TotpData`); recovery_codes: `{ codes, used }`. */
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

// --- Workspaces (GraphQL, spec section 3) ---------------------------------------------------------

export const WORKSPACE_KINDS = ['STD', 'CAB'] as const;
export const WORKSPACE_ROLES = ['Administrative', 'Billing', 'Technical'] as const;
export const LOGIN_STATUSES = ['ACTIVE', 'INVITED', 'DISABLED'] as const;
export const PAYMENT_METHOD_TYPES = ['CARD', 'PAYPAL'] as const;

export type WorkspaceKind = (typeof WORKSPACE_KINDS)[number];
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Money: numeric, exact; Drizzle reads it as a string ("-12.50"), which is what GraphQL sends. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
/** ISO 4217 code. */
const currency = (name: string) => text(name).notNull();

/** A customer's billing account; several workspaces (contracts) may belong to one. */
export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  taxId: text('tax_id').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A workspace, tied to a contract: `contract_uid` is its public id (URLs, GraphQL). */
export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contractUid: text('contract_uid').notNull().unique().default(sql`gen_random_uuid()::text`),
    name: text('name').notNull(),
    /** The contract number shown to the customer. */
    number: text('number').notNull().unique(),
    kind: text('kind', { enum: WORKSPACE_KINDS }).notNull(),
    currency: currency('currency'),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('workspaces_account_id').on(table.accountId),
    check('workspaces_kind', sql`${table.kind} in (${sqlList(WORKSPACE_KINDS)})`),
    check('workspaces_currency', sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

/**
 * A portal user working in a workspace. Name and e-mail are the workspace's record of the person
 * (spec: employee {uid, firstName, lastName, email}), copied from the user when they join.
 */
export const workspaceEmployees = pgTable(
  'workspace_employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull(),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('workspace_employees_workspace_user').on(table.workspaceId, table.userId),
    index('workspace_employees_user_id').on(table.userId),
    check('workspace_employees_role', sql`${table.role} in (${sqlList(WORKSPACE_ROLES)})`),
  ],
);

/**
 * A contact person of the contract. Linked to a user with login status ACTIVE, it lets that user see
 * the workspace (as employees do).
 */
export const authorizedPeople = pgTable(
  'authorized_people',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    mobilePhone: text('mobile_phone').notNull().default(''),
    email: text('email').notNull(),
    loginStatus: text('login_status', { enum: LOGIN_STATUSES }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('authorized_people_workspace_id').on(table.workspaceId),
    index('authorized_people_user_id').on(table.userId),
    check('authorized_people_login_status', sql`${table.loginStatus} in (${sqlList(LOGIN_STATUSES)})`),
  ],
);

/** A current service of a workspace (a workspace with one is services-enabled). */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('services_workspace_id').on(table.workspaceId)],
);

/** A service of the legacy contract, billed monthly. */
export const legacyServices = pgTable(
  'legacy_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    monthly: money('monthly').notNull(),
    monthlyCurrency: currency('monthly_currency'),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('legacy_services_workspace_id').on(table.workspaceId)],
);

/**
 * An invoice as issued: what it says never changes. What is still owed on it, its status and the
 * payment that settled it come from the ledger (`src/billing/`): `amount` is the gross total,
 * `net_amount` + `vat_amount` at `vat_rate`, its lines in `invoice_lines`.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    number: text('number').notNull().unique(),
    dateInvoiced: date('date_invoiced').notNull(),
    dateDue: date('date_due').notNull(),
    currency: currency('currency'),
    netAmount: money('net_amount').notNull(),
    /** Percent. */
    vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull(),
    vatAmount: money('vat_amount').notNull(),
    /** Gross: net + VAT. */
    amount: money('amount').notNull(),
    /** Issued under the legacy (STD) contract for its legacy services: the Legacy invoices tab. */
    legacy: boolean('legacy').notNull().default(false),
  },
  (table) => [
    index('invoices_workspace_id').on(table.workspaceId, table.dateInvoiced),
    check('invoices_total', sql`${table.amount} = ${table.netAmount} + ${table.vatAmount}`),
    check('invoices_due_after_invoiced', sql`${table.dateDue} >= ${table.dateInvoiced}`),
  ],
);

/**
 * A workspace's billing terms (one row per workspace): credit limit, VAT rate, currency. The money
 * itself (amount, amount due, bonus, debit, since the last invoice) is derived from the ledger
 * (`src/billing/ledger.ts`), never stored. Ledger writes that allocate money lock this row.
 */
export const balances = pgTable('balances', {
  workspaceId: uuid('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** `limit` is an SQL keyword. */
  creditLimit: money('credit_limit').notNull().default('0'),
  /** Percent. */
  vatRate: numeric('vat_rate', { precision: 5, scale: 2 }).notNull().default('0'),
  currency: currency('currency'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A saved card or PayPal account of a workspace. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The payment provider's id (Stripe `pm_…`). */
    methodId: text('method_id').notNull(),
    methodType: text('method_type', { enum: PAYMENT_METHOD_TYPES }).notNull(),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    effectiveTill: timestamp('effective_till', { withTimezone: true }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    paypalCountry: text('paypal_country'),
    paypalPayerId: text('paypal_payer_id'),
    paypalPayerEmail: text('paypal_payer_email'),
  },
  (table) => [
    index('payment_methods_workspace_id').on(table.workspaceId),
    check('payment_methods_type', sql`${table.methodType} in (${sqlList(PAYMENT_METHOD_TYPES)})`),
  ],
);

/**
 * An invitation to join a workspace. The key (in the link) is stored as a SHA-256 only, like the
 * identity service's mailed keys; single use (`accepted_at`), until `expires_at`.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    keyHash: text('key_hash').notNull().unique(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** lower-cased */
    email: text('email').notNull(),
    role: text('role', { enum: WORKSPACE_ROLES }).notNull(),
    invitedById: uuid('invited_by_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedById: uuid('accepted_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('invitations_workspace_id').on(table.workspaceId),
    check('invitations_email_lower_case', sql`${table.email} = lower(${table.email})`),
    check('invitations_role', sql`${table.role} in (${sqlList(WORKSPACE_ROLES)})`),
  ],
);

export type Account = typeof accounts.$inferSelect;
export type Workspace = typeof workspaces.$inferSelect;
export type WorkspaceEmployee = typeof workspaceEmployees.$inferSelect;
export type Invitation = typeof invitations.$inferSelect;
