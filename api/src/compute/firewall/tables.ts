import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { computeInstances } from '../tables.js';
import { FIREWALL_ACTIONS, FIREWALL_DIRECTIONS, FIREWALL_PROTOCOLS } from './validation.js';

// The firewall of each instance. `drizzle.config.ts` reads this file.

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/** An instance's default policies; no row is the default (ACCEPT both ways, no rules). */
export const computeFirewalls = pgTable(
  'compute_firewalls',
  {
    instanceId: uuid('instance_id')
      .primaryKey()
      .references(() => computeInstances.id, { onDelete: 'cascade' }),
    inboundPolicy: text('inbound_policy', { enum: FIREWALL_ACTIONS }).notNull().default('ACCEPT'),
    outboundPolicy: text('outbound_policy', { enum: FIREWALL_ACTIONS }).notNull().default('ACCEPT'),
  },
  (table) => [
    check('compute_firewalls_inbound', sql`${table.inboundPolicy} in (${sqlList(FIREWALL_ACTIONS)})`),
    check('compute_firewalls_outbound', sql`${table.outboundPolicy} in (${sqlList(FIREWALL_ACTIONS)})`),
  ],
);

/** A rule; `position` orders the rules of one direction (0 first, no gaps). */
export const computeFirewallRules = pgTable(
  'compute_firewall_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => computeInstances.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: FIREWALL_DIRECTIONS }).notNull(),
    position: integer('position').notNull(),
    protocol: text('protocol', { enum: FIREWALL_PROTOCOLS }).notNull(),
    /** `22` or `8000-8080`; null: every port. */
    ports: text('ports'),
    /** Normalised CIDRs. */
    addresses: text('addresses').array().notNull(),
    action: text('action', { enum: FIREWALL_ACTIONS }).notNull(),
    description: text('description').notNull().default(''),
  },
  (table) => [
    index('compute_firewall_rules_instance').on(table.instanceId, table.direction, table.position),
    check('compute_firewall_rules_direction', sql`${table.direction} in (${sqlList(FIREWALL_DIRECTIONS)})`),
    check('compute_firewall_rules_protocol', sql`${table.protocol} in (${sqlList(FIREWALL_PROTOCOLS)})`),
    check('compute_firewall_rules_action', sql`${table.action} in (${sqlList(FIREWALL_ACTIONS)})`),
  ],
);

export type FirewallRuleRow = typeof computeFirewallRules.$inferSelect;
