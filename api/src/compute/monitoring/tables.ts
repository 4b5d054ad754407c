import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { workspaces } from '../../db/schema.js';
import { computeInstances } from '../tables.js';
import { ALERT_CONDITIONS, ALERT_PERIODS } from './alerts.js';
import { ALERT_METRICS } from './metrics.js';

// Monitoring and alert rules (issue 10). `drizzle.config.ts` reads this file beside the others.

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * What the sampler recorded, one row per instance and minute, kept 24 hours (older minutes are the
 * simulator's deterministic shape, see `metrics.ts`). Units as `Sample`.
 */
export const computeMetricSamples = pgTable(
  'compute_metric_samples',
  {
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => computeInstances.id, { onDelete: 'cascade' }),
    /** the minute's start */
    at: timestamp('at', { withTimezone: true }).notNull(),
    cpu: doublePrecision('cpu').notNull(),
    ram: doublePrecision('ram').notNull(),
    diskMain: doublePrecision('disk_main').notNull(),
    diskExtra: doublePrecision('disk_extra').notNull(),
    netTxVol: doublePrecision('net_tx_vol').notNull(),
    netRxVol: doublePrecision('net_rx_vol').notNull(),
    netTxPkg: doublePrecision('net_tx_pkg').notNull(),
    netRxPkg: doublePrecision('net_rx_pkg').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.instanceId, table.at] }),
    index('compute_metric_samples_at').on(table.at),
  ],
);

/**
 * An alert rule on one instance: it fires when the metric's average over the period breaks the
 * condition, once per episode, and recovers when it no longer does. `firing`, `fired_at` and
 * `recovered_at` are the episode's state.
 */
export const computeAlertRules = pgTable(
  'compute_alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => computeInstances.id, { onDelete: 'cascade' }),
    metric: text('metric', { enum: ALERT_METRICS }).notNull(),
    condition: text('condition', { enum: ALERT_CONDITIONS }).notNull(),
    /** percent, Mbps or pps (`METRIC_LIMITS`) */
    value: doublePrecision('value').notNull(),
    periodMinutes: integer('period_minutes').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    firing: boolean('firing').notNull().default(false),
    firedAt: timestamp('fired_at', { withTimezone: true }),
    recoveredAt: timestamp('recovered_at', { withTimezone: true }),
    /** the average of the last evaluation */
    lastValue: doublePrecision('last_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('compute_alert_rules_workspace_id').on(table.workspaceId),
    index('compute_alert_rules_instance_id').on(table.instanceId),
    check('compute_alert_rules_metric', sql`${table.metric} in (${sqlList(ALERT_METRICS)})`),
    check('compute_alert_rules_condition', sql`${table.condition} in (${sqlList(ALERT_CONDITIONS)})`),
    check(
      'compute_alert_rules_period',
      sql`${table.periodMinutes} in (${sql.raw(ALERT_PERIODS.join(', '))})`,
    ),
  ],
);

export type AlertRuleRow = typeof computeAlertRules.$inferSelect;
