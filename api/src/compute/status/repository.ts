import { and, asc, desc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ComponentState, ResolversParentTypes } from '../../graphql/generated/resolvers.js';

/** As resolvers answer it: its instances as the `Instance` mapper (`InstanceModel`). */
export type StatusIncident = ResolversParentTypes['StatusIncident'];

import { type Catalog, loadCatalog, toInstance } from '../repository.js';
import { computeInstances } from '../tables.js';
import {
  type IncidentStatus,
  STATUS_COMPONENTS,
  type StatusIncidentRow,
  statusIncidents,
  statusIncidentUpdates,
} from './tables.js';

const CLOSED: readonly IncidentStatus[] = ['RESOLVED', 'COMPLETED'];
const WEEK_MS = 7 * 24 * 3600 * 1000;
/** Worse states sort later. */
const SEVERITY: readonly ComponentState[] = ['OPERATIONAL', 'MAINTENANCE', 'DEGRADED', 'OUTAGE'];
const worst = (states: readonly ComponentState[]): ComponentState =>
  states.reduce<ComponentState>((a, b) => (SEVERITY.indexOf(b) > SEVERITY.indexOf(a) ? b : a), 'OPERATIONAL');

export const isOpen = (row: Pick<StatusIncidentRow, 'status'>) => !CLOSED.includes(row.status);

/** What an open incident or running maintenance does to its components; null while it does nothing yet. */
export function stateOf(row: Pick<StatusIncidentRow, 'kind' | 'impact' | 'status'>): ComponentState | null {
  if (!isOpen(row)) return null;
  if (row.kind === 'MAINTENANCE') return row.status === 'IN_PROGRESS' ? 'MAINTENANCE' : null;
  return row.impact === 'MAJOR' ? 'OUTAGE' : 'DEGRADED';
}

interface Viewer {
  workspaceId: string;
  contractUid: string;
  currency: string;
}

async function toIncidents(db: Db, rows: StatusIncidentRow[], viewer: Viewer, catalog: Catalog) {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const updates = await db
    .select()
    .from(statusIncidentUpdates)
    .where(inArray(statusIncidentUpdates.incidentId, ids))
    .orderBy(desc(statusIncidentUpdates.createdAt), desc(statusIncidentUpdates.id));
  const openLocations = [...new Set(rows.filter(isOpen).map((r) => r.locationId))];
  const instances = openLocations.length
    ? await db
        .select()
        .from(computeInstances)
        .where(
          and(
            eq(computeInstances.workspaceId, viewer.workspaceId),
            isNull(computeInstances.deletedAt),
            inArray(computeInstances.locationId, openLocations),
          ),
        )
        .orderBy(asc(computeInstances.name))
    : [];
  return rows.map(
    (row): StatusIncident => ({
      uid: row.id,
      kind: row.kind,
      title: row.title,
      impact: row.impact,
      status: row.status,
      open: isOpen(row),
      location: catalog.location(row.locationId)!,
      components: row.components as StatusIncident['components'],
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      resolvedAt: row.resolvedAt,
      updates: updates
        .filter((u) => u.incidentId === row.id)
        .map((u) => ({ uid: u.id, status: u.status, message: u.message, createdAt: u.createdAt })),
      affectedInstances: isOpen(row)
        ? instances.filter((i) => i.locationId === row.locationId).map((i) => toInstance(i, catalog, viewer))
        : [],
    }),
  );
}

const ORDER = (row: StatusIncidentRow) => (isOpen(row) ? (row.kind === 'INCIDENT' ? 0 : 1) : 2);

export async function loadStatus(
  db: Db,
  viewer: Viewer,
  now: Date,
): Promise<ResolversParentTypes['ComputeStatus']> {
  const catalog = await loadCatalog(db);
  const rows = await db
    .select()
    .from(statusIncidents)
    .where(
      or(
        inArray(statusIncidents.status, [
          'INVESTIGATING',
          'IDENTIFIED',
          'MONITORING',
          'SCHEDULED',
          'IN_PROGRESS',
        ]),
        gte(statusIncidents.resolvedAt, new Date(now.getTime() - WEEK_MS)),
      ),
    )
    .orderBy(desc(statusIncidents.startsAt));
  rows.sort((a, b) => {
    const byGroup = ORDER(a) - ORDER(b);
    if (byGroup !== 0) return byGroup;
    // maintenance by start (soonest first); incidents newest first
    return ORDER(a) === 1
      ? a.startsAt.getTime() - b.startsAt.getTime()
      : b.startsAt.getTime() - a.startsAt.getTime();
  });
  const locations = catalog.locations.map((location) => {
    const components = STATUS_COMPONENTS.map((component) => ({
      component,
      state: worst(
        rows
          .filter((r) => r.locationId === location.uid && r.components.includes(component))
          .map(stateOf)
          .filter((s): s is ComponentState => s !== null),
      ),
    }));
    return { location, state: worst(components.map((c) => c.state)), components };
  });
  return {
    overall: worst(locations.map((l) => l.state)),
    locations,
    incidents: await toIncidents(db, rows, viewer, catalog),
  };
}

export async function loadIncident(db: Db, viewer: Viewer, uid: string): Promise<StatusIncident | null> {
  const rows = await db.select().from(statusIncidents).where(eq(statusIncidents.id, uid));
  const [incident] = await toIncidents(db, rows, viewer, await loadCatalog(db));
  return incident ?? null;
}
