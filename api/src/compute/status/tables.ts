import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { computeLocations } from '../tables.js';

export const INCIDENT_KINDS = ['INCIDENT', 'MAINTENANCE'] as const;
export const INCIDENT_STATUSES = [
  'INVESTIGATING',
  'IDENTIFIED',
  'MONITORING',
  'RESOLVED',
  'SCHEDULED',
  'IN_PROGRESS',
  'COMPLETED',
] as const;
export const INCIDENT_IMPACTS = ['MINOR', 'MAJOR', 'MAINTENANCE'] as const;
export const STATUS_COMPONENTS = ['COMPUTE', 'BLOCK_STORAGE', 'NETWORKING', 'API', 'PORTAL'] as const;

export type IncidentKind = (typeof INCIDENT_KINDS)[number];
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number];
export type StatusComponent = (typeof STATUS_COMPONENTS)[number];

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** An incident or a maintenance of the provider at one location (the Status page). */
export const statusIncidents = pgTable(
  'status_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: INCIDENT_KINDS }).notNull(),
    title: text('title').notNull(),
    impact: text('impact', { enum: INCIDENT_IMPACTS }).notNull(),
    status: text('status', { enum: INCIDENT_STATUSES }).notNull(),
    locationId: text('location_id')
      .notNull()
      .references(() => computeLocations.id, { onDelete: 'cascade' }),
    components: text('components').array().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    check('status_incidents_kind', sql`${table.kind} in (${list(INCIDENT_KINDS)})`),
    check('status_incidents_status', sql`${table.status} in (${list(INCIDENT_STATUSES)})`),
    check('status_incidents_impact', sql`${table.impact} in (${list(INCIDENT_IMPACTS)})`),
  ],
);

export const statusIncidentUpdates = pgTable(
  'status_incident_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => statusIncidents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: INCIDENT_STATUSES }).notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('status_incident_updates_incident_id').on(table.incidentId)],
);

export type StatusIncidentRow = typeof statusIncidents.$inferSelect;
export type StatusIncidentUpdateRow = typeof statusIncidentUpdates.$inferSelect;
