import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { PortalPubSub } from '../../graphql/pubsub.js';
import { INCIDENT_STATUSES, type IncidentStatus, statusIncidents, statusIncidentUpdates } from './tables.js';

const INCIDENT_ONLY: readonly IncidentStatus[] = ['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED'];

/** What `postIncidentUpdate` refuses (the dev endpoint answers it with 400). */
export class IncidentUpdateRefusal extends Error {}

/**
 * Adds an update to an incident's timeline, moves its status (RESOLVED or COMPLETED close it) and
 * publishes `statusChanged`. The provider's operators do this; the dev endpoint lets e2e tests do it.
 */
export async function postIncidentUpdate(
  db: Db,
  pubsub: PortalPubSub,
  input: { incidentUid: string; status: string; message: string; now: Date },
): Promise<void> {
  const status = input.status as IncidentStatus;
  if (!INCIDENT_STATUSES.includes(status)) throw new IncidentUpdateRefusal(`unknown status ${input.status}`);
  if (!input.message.trim()) throw new IncidentUpdateRefusal('message required');
  if (!/^[0-9a-f-]{36}$/i.test(input.incidentUid))
    throw new IncidentUpdateRefusal('no incident with this uid');
  const [incident] = await db.select().from(statusIncidents).where(eq(statusIncidents.id, input.incidentUid));
  if (!incident) throw new IncidentUpdateRefusal('no incident with this uid');
  if ((incident.kind === 'INCIDENT') !== INCIDENT_ONLY.includes(status)) {
    throw new IncidentUpdateRefusal(`status ${status} does not fit a ${incident.kind.toLowerCase()}`);
  }
  const closed = status === 'RESOLVED' || status === 'COMPLETED';
  await db.transaction(async (tx) => {
    await tx
      .update(statusIncidents)
      .set({ status, resolvedAt: closed ? input.now : null })
      .where(eq(statusIncidents.id, incident.id));
    await tx
      .insert(statusIncidentUpdates)
      .values({ incidentId: incident.id, status, message: input.message.trim(), createdAt: input.now });
  });
  pubsub.publish('statusChanged', { incidentUid: incident.id });
}
