import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { computeInstances } from '../tables.js';

// An instance's addresses and its traffic per month. `drizzle.config.ts` reads this file.

export const IP_FAMILIES = ['IPV4', 'IPV6'] as const;
export type IpFamily = (typeof IP_FAMILIES)[number];
/** Spec section 3: PUBLIC=1, PRIVATE=2. */
export const ADDRESS_KINDS = { PUBLIC: 1, PRIVATE: 2 } as const;

/**
 * An address of an instance: a public IPv4, its public IPv6 (the first address of its /64) and a
 * private IPv4 in its location's private network. `rdns` null is the provider's default name.
 */
export const computeIpAddresses = pgTable(
  'compute_ip_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => computeInstances.id, { onDelete: 'cascade' }),
    family: text('family', { enum: IP_FAMILIES }).notNull(),
    kind: smallint('kind').notNull(),
    address: text('address').notNull(),
    prefix: integer('prefix').notNull(),
    gateway: text('gateway'),
    rdns: text('rdns'),
  },
  (table) => [
    uniqueIndex('compute_ip_addresses_instance_family_kind').on(table.instanceId, table.family, table.kind),
    check('compute_ip_addresses_kind', sql`${table.kind} in (1, 2)`),
    check('compute_ip_addresses_family', sql`${table.family} in ('IPV4', 'IPV6')`),
  ],
);

/** Traffic and dropped packets of one instance in one calendar month (UTC, `YYYY-MM`). */
export const computeNetworkTraffic = pgTable(
  'compute_network_traffic',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => computeInstances.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    outboundBytes: doublePrecision('outbound_bytes').notNull().default(0),
    inboundBytes: doublePrecision('inbound_bytes').notNull().default(0),
    droppedPackets: doublePrecision('dropped_packets').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.instanceId, table.month] })],
);

export type IpAddressRow = typeof computeIpAddresses.$inferSelect;
