import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from '../db/schema.js';

// The compute domain's tables (spec section 3: Instance; the catalogue of New instance, Products and
// Solutions). `drizzle.config.ts` reads this file beside `src/db/schema.ts`.

export const IMAGE_KINDS = ['OS', 'APPLICATION'] as const;
export const INSTANCE_STATUSES = ['INSTALLING', 'INACTIVE', 'ACTIVE'] as const;
export const INSTANCE_ACTIONS = ['START', 'STOP', 'RESTART', 'DELETE'] as const;
export const OFFER_KINDS = ['PRODUCT', 'SOLUTION'] as const;
export const OFFER_CATEGORIES = {
  PRODUCT: ['COMPUTE', 'DATA_CENTER', 'OTHER'],
  SOLUTION: ['WEBSITES', 'HOSTING', 'APPLICATIONS', 'VPNS'],
} as const;
export const PRICE_CURRENCIES = ['EUR', 'USD'] as const;

export type ImageKind = (typeof IMAGE_KINDS)[number];
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
export type InstanceAction = (typeof INSTANCE_ACTIONS)[number];
export type OfferKind = (typeof OFFER_KINDS)[number];
export type PriceCurrency = (typeof PRICE_CURRENCIES)[number];

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** An image New instance offers: an operating system or a one-click application on one. */
export const computeImages = pgTable(
  'compute_images',
  {
    /** A stable slug (`ubuntu-24-04`): the public uid. */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The operating system, as the OS icon categories read it (spec section 9). */
    system: text('system').notNull(),
    kind: text('kind', { enum: IMAGE_KINDS }).notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (table) => [check('compute_images_kind', sql`${table.kind} in (${sqlList(IMAGE_KINDS)})`)],
);

export const computeLocations = pgTable('compute_locations', {
  id: text('id').primaryKey(),
  city: text('city').notNull(),
  /** ISO 3166-1 alpha-2. */
  country: text('country').notNull(),
  /** Spec section 9: Frankfurt and Riga are `eu`. */
  region: text('region').notNull(),
  position: integer('position').notNull().default(0),
});

export const computePlans = pgTable('compute_plans', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  vcpus: integer('vcpus').notNull(),
  memoryMb: integer('memory_mb').notNull(),
  diskGb: integer('disk_gb').notNull(),
  transferTb: integer('transfer_tb').notNull(),
  position: integer('position').notNull().default(0),
});

/** A plan's price in one currency; money is numeric, never a float. */
export const computePlanPrices = pgTable(
  'compute_plan_prices',
  {
    planId: text('plan_id')
      .notNull()
      .references(() => computePlans.id, { onDelete: 'cascade' }),
    currency: text('currency', { enum: PRICE_CURRENCIES }).notNull(),
    monthly: numeric('monthly', { precision: 10, scale: 2 }).notNull(),
    hourly: numeric('hourly', { precision: 10, scale: 2 }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.planId, table.currency] }),
    check('compute_plan_prices_currency', sql`${table.currency} in (${sqlList(PRICE_CURRENCIES)})`),
  ],
);

/** An offer of Products or Solutions: what New instance starts from (`?template_uid=`). */
export const computeOffers = pgTable(
  'compute_offers',
  {
    templateUid: text('template_uid').primaryKey(),
    kind: text('kind', { enum: OFFER_KINDS }).notNull(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageId: text('image_id')
      .notNull()
      .references(() => computeImages.id, { onDelete: 'restrict' }),
    planId: text('plan_id')
      .notNull()
      .references(() => computePlans.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    check('compute_offers_kind', sql`${table.kind} in (${sqlList(OFFER_KINDS)})`),
    check(
      'compute_offers_category',
      sql`(${table.kind} = 'PRODUCT' and ${table.category} in (${sqlList(OFFER_CATEGORIES.PRODUCT)})) or (${table.kind} = 'SOLUTION' and ${table.category} in (${sqlList(OFFER_CATEGORIES.SOLUTION)}))`,
    ),
  ],
);

/**
 * A virtual machine of a workspace. Deleting one keeps the row (`deleted_at`) for billing; its name
 * is free again. `charges` accrues with 10 decimals (a tick rounds by at most 0.5e-10, so a month of
 * ticks stays far below a cent); `charges_billed` is the part (whole cents) already added to the
 * workspace's `since_last_invoice`, and what `Instance.charges` shows.
 */
export const computeInstances = pgTable(
  'compute_instances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    imageId: text('image_id')
      .notNull()
      .references(() => computeImages.id, { onDelete: 'restrict' }),
    locationId: text('location_id')
      .notNull()
      .references(() => computeLocations.id, { onDelete: 'restrict' }),
    planId: text('plan_id')
      .notNull()
      .references(() => computePlans.id, { onDelete: 'restrict' }),
    status: text('status', { enum: INSTANCE_STATUSES }).notNull(),
    pendingAction: text('pending_action', { enum: INSTANCE_ACTIONS }),
    lastError: text('last_error'),
    /** The larger plan a resize under way moves to (Settings › Resize); null when none is. */
    resizingToPlanId: text('resizing_to_plan_id').references(() => computePlans.id, { onDelete: 'restrict' }),
    charges: numeric('charges', { precision: 22, scale: 10 }).notNull().default('0'),
    chargesBilled: numeric('charges_billed', { precision: 14, scale: 2 }).notNull().default('0'),
    /** Charges are accrued up to this instant. */
    chargedUntil: timestamp('charged_until', { withTimezone: true }).notNull().defaultNow(),
    ipv4: text('ipv4'),
    ipv6: text('ipv6'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    // Host names are case-insensitive: `Web-1` and `web-1` are the same name.
    uniqueIndex('compute_instances_workspace_name')
      .on(table.workspaceId, sql`lower(${table.name})`)
      .where(sql`${table.deletedAt} is null`),
    index('compute_instances_workspace_id').on(table.workspaceId),
    check('compute_instances_status', sql`${table.status} in (${sqlList(INSTANCE_STATUSES)})`),
    check(
      'compute_instances_pending_action',
      sql`${table.pendingAction} is null or ${table.pendingAction} in (${sqlList(INSTANCE_ACTIONS)})`,
    ),
  ],
);

export type ComputeImageRow = typeof computeImages.$inferSelect;
export type ComputeLocationRow = typeof computeLocations.$inferSelect;
export type ComputePlanRow = typeof computePlans.$inferSelect;
export type ComputePlanPriceRow = typeof computePlanPrices.$inferSelect;
export type ComputeOfferRow = typeof computeOffers.$inferSelect;
export type ComputeInstanceRow = typeof computeInstances.$inferSelect;

/**
 * A workspace's instance limit when the provider raised (or lowered) it on request; a workspace
 * without a row has the default (`compute/quota.ts`).
 */
export const computeQuotas = pgTable(
  'compute_quotas',
  {
    workspaceId: uuid('workspace_id')
      .primaryKey()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    instanceLimit: integer('instance_limit').notNull(),
  },
  (table) => [check('compute_quotas_instance_limit', sql`${table.instanceLimit} >= 0`)],
);
