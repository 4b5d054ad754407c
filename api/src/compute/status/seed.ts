import type { Db } from '../../db/client.js';
import { statusIncidents, statusIncidentUpdates } from './tables.js';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** The seeded incidents' uids (the dev endpoint posts updates to them). */
export const DEMO_STATUS = {
  /** Open, at Frankfurt (fra1), where web-1, db-1 and other demo instances live. */
  frankfurtNetwork: '5f0c6a1e-4b7d-4c1a-9d0e-0000000057a1',
  /** Scheduled at Riga (rix1), in three days. */
  rigaStorage: '5f0c6a1e-4b7d-4c1a-9d0e-0000000057a2',
  /** Resolved two days ago at Amsterdam. */
  amsterdamApi: '5f0c6a1e-4b7d-4c1a-9d0e-0000000057a3',
} as const;

export const DEMO_INCIDENT_TITLE = 'Degraded network performance in Frankfurt';
export const DEMO_MAINTENANCE_TITLE = 'Block storage upgrade in Riga';

/** Restores the status page: one open incident, one scheduled maintenance, one resolved incident. */
export async function seedStatus(db: Db, now = new Date()): Promise<void> {
  const at = (offset: number) => new Date(now.getTime() + offset);
  await db.delete(statusIncidents);
  await db.insert(statusIncidents).values([
    {
      id: DEMO_STATUS.frankfurtNetwork,
      kind: 'INCIDENT',
      title: DEMO_INCIDENT_TITLE,
      impact: 'MINOR',
      status: 'IDENTIFIED',
      locationId: 'fra1',
      components: ['NETWORKING', 'COMPUTE'],
      startsAt: at(-52 * MIN),
    },
    {
      id: DEMO_STATUS.rigaStorage,
      kind: 'MAINTENANCE',
      title: DEMO_MAINTENANCE_TITLE,
      impact: 'MAINTENANCE',
      status: 'SCHEDULED',
      locationId: 'rix1',
      components: ['BLOCK_STORAGE'],
      startsAt: new Date(Math.floor(at(3 * DAY).getTime() / DAY) * DAY + 2 * HOUR),
      endsAt: new Date(Math.floor(at(3 * DAY).getTime() / DAY) * DAY + 4 * HOUR),
    },
    {
      id: DEMO_STATUS.amsterdamApi,
      kind: 'INCIDENT',
      title: 'Elevated API error rates',
      impact: 'MAJOR',
      status: 'RESOLVED',
      locationId: 'ams1',
      components: ['API'],
      startsAt: at(-2 * DAY - 3 * HOUR),
      resolvedAt: at(-2 * DAY - HOUR),
    },
  ]);
  await db.insert(statusIncidentUpdates).values([
    {
      incidentId: DEMO_STATUS.frankfurtNetwork,
      status: 'INVESTIGATING',
      message:
        'We are investigating reports of packet loss and increased latency for instances in Frankfurt (fra1).',
      createdAt: at(-52 * MIN),
    },
    {
      incidentId: DEMO_STATUS.frankfurtNetwork,
      status: 'IDENTIFIED',
      message:
        'A faulty line card on one of the core routers has been identified. Traffic is being moved to the redundant path; some instances may see short interruptions.',
      createdAt: at(-21 * MIN),
    },
    {
      incidentId: DEMO_STATUS.rigaStorage,
      status: 'SCHEDULED',
      message:
        'We will upgrade the block storage cluster in Riga (rix1). Volumes stay attached; I/O may pause for up to 30 seconds during the window.',
      createdAt: at(-2 * DAY),
    },
    {
      incidentId: DEMO_STATUS.amsterdamApi,
      status: 'INVESTIGATING',
      message: 'Some API requests in Amsterdam (ams1) fail with errors 502. We are investigating.',
      createdAt: at(-2 * DAY - 3 * HOUR),
    },
    {
      incidentId: DEMO_STATUS.amsterdamApi,
      status: 'RESOLVED',
      message: 'A faulty load balancer node was taken out of service. The API answers normally again.',
      createdAt: at(-2 * DAY - HOUR),
    },
  ]);
}
