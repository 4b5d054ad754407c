import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { DEMO_INSTANCES, type DemoInstance, OTHER_INSTANCES } from '../db/demo.js';
import { addressesFor } from './addresses.js';
import { IMAGES, LOCATIONS, OFFERS, PLANS } from './catalog.js';
import { seedMonitoringDemo } from './monitoring/seed.js';
import {
  computeImages,
  computeInstances,
  computeLocations,
  computeOffers,
  computePlanPrices,
  computePlans,
  computeQuotas,
  PRICE_CURRENCIES,
} from './tables.js';

/** Upserts the catalogue (images, locations, plans and prices, offers). Idempotent. */
export async function seedCatalog(db: Db): Promise<void> {
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  await db
    .insert(computeImages)
    .values(IMAGES.map((image, position) => ({ ...image, position })))
    .onConflictDoUpdate({
      target: computeImages.id,
      set: {
        name: excluded('name'),
        system: excluded('system'),
        kind: excluded('kind'),
        description: excluded('description'),
        position: excluded('position'),
      },
    });
  await db
    .insert(computeLocations)
    .values(LOCATIONS.map((location, position) => ({ ...location, position })))
    .onConflictDoUpdate({
      target: computeLocations.id,
      set: {
        city: excluded('city'),
        country: excluded('country'),
        region: excluded('region'),
        position: excluded('position'),
      },
    });
  await db
    .insert(computePlans)
    .values(PLANS.map(({ prices: _prices, ...plan }, position) => ({ ...plan, position })))
    .onConflictDoUpdate({
      target: computePlans.id,
      set: {
        name: excluded('name'),
        vcpus: excluded('vcpus'),
        memoryMb: excluded('memory_mb'),
        diskGb: excluded('disk_gb'),
        transferTb: excluded('transfer_tb'),
        position: excluded('position'),
      },
    });
  await db
    .insert(computePlanPrices)
    .values(
      PLANS.flatMap((plan) =>
        PRICE_CURRENCIES.map((currency) => ({ planId: plan.id, currency, ...plan.prices[currency] })),
      ),
    )
    .onConflictDoUpdate({
      target: [computePlanPrices.planId, computePlanPrices.currency],
      set: { monthly: excluded('monthly'), hourly: excluded('hourly') },
    });
  await db
    .insert(computeOffers)
    .values(OFFERS.map((offer, position) => ({ ...offer, position })))
    .onConflictDoUpdate({
      target: computeOffers.templateUid,
      set: {
        kind: excluded('kind'),
        category: excluded('category'),
        title: excluded('title'),
        description: excluded('description'),
        imageId: excluded('image_id'),
        planId: excluded('plan_id'),
        position: excluded('position'),
      },
    });
}

interface SeedInstance {
  instance: DemoInstance;
  image: string;
  location: string;
  plan: string;
  charges: string;
  createdAt: string;
  pendingAction?: 'START' | 'STOP' | 'RESTART' | 'DELETE';
  lastError?: string;
}

const I = DEMO_INSTANCES;
const DEMO_ROWS: SeedInstance[] = [
  {
    instance: I.web1,
    image: 'ubuntu-24-04',
    location: 'fra1',
    plan: 's-2vcpu-4gb',
    charges: '4.12',
    createdAt: '2025-09-14T08:20:00Z',
  },
  {
    instance: I.web2,
    image: 'ubuntu-24-04',
    location: 'rix1',
    plan: 's-2vcpu-4gb',
    charges: '4.12',
    createdAt: '2025-09-14T08:25:00Z',
  },
  {
    instance: I.db1,
    image: 'debian-12',
    location: 'fra1',
    plan: 'd-4vcpu-16gb',
    charges: '9.36',
    createdAt: '2025-06-02T10:00:00Z',
  },
  {
    instance: I.dbReplica,
    image: 'rocky-9',
    location: 'hel1',
    plan: 'd-4vcpu-16gb',
    charges: '2.70',
    createdAt: '2025-07-21T16:45:00Z',
  },
  {
    instance: I.vpnGw,
    image: 'app-wireguard',
    location: 'rix1',
    plan: 's-1vcpu-2gb',
    charges: '1.03',
    createdAt: '2025-03-11T09:00:00Z',
  },
  {
    instance: I.fwEdge,
    image: 'pfsense-2-7',
    location: 'fra1',
    plan: 's-2vcpu-4gb',
    charges: '2.06',
    createdAt: '2025-03-10T14:30:00Z',
  },
  {
    instance: I.chrRouter,
    image: 'mikrotik-chr-7',
    location: 'ams1',
    plan: 's-1vcpu-2gb',
    charges: '0.48',
    createdAt: '2025-11-02T11:11:00Z',
  },
  {
    instance: I.ngfw1,
    image: 'arista-ngfw-17',
    location: 'fra1',
    plan: 's-4vcpu-8gb',
    charges: '0.00',
    createdAt: '2026-02-20T09:58:00Z',
  },
  {
    instance: I.win1,
    image: 'windows-server-2022',
    location: 'ash1',
    plan: 's-4vcpu-8gb',
    charges: '3.09',
    createdAt: '2025-12-01T07:30:00Z',
  },
  {
    instance: I.suseBuild,
    image: 'opensuse-leap-15-6',
    location: 'hel1',
    plan: 's-4vcpu-8gb',
    charges: '1.24',
    createdAt: '2026-01-15T13:00:00Z',
  },
  {
    instance: I.alpineEdge,
    image: 'alpine-3-20',
    location: 'rix1',
    plan: 's-1vcpu-2gb',
    charges: '1.03',
    createdAt: '2025-10-05T18:00:00Z',
  },
  {
    instance: I.centosLegacy,
    image: 'centos-stream-9',
    location: 'fra1',
    plan: 's-1vcpu-2gb',
    charges: '0.51',
    createdAt: '2024-11-30T12:00:00Z',
    lastError: 'Start failed: the machine did not boot in time. Try again.',
  },
  {
    instance: I.gitlab,
    image: 'app-gitlab',
    location: 'ams1',
    plan: 'd-4vcpu-16gb',
    charges: '0.00',
    createdAt: '2026-02-20T10:00:00Z',
  },
  {
    instance: I.fedoraLab,
    image: 'fedora-40',
    location: 'hel1',
    plan: 's-1vcpu-2gb',
    charges: '0.86',
    createdAt: '2026-01-28T15:20:00Z',
  },
];

const OTHER_ROWS: SeedInstance[] = [
  {
    instance: OTHER_INSTANCES.otherWeb,
    image: 'ubuntu-22-04',
    location: 'fra1',
    plan: 's-1vcpu-2gb',
    charges: '1.03',
    createdAt: '2025-05-05T05:05:00Z',
  },
  {
    instance: OTHER_INSTANCES.otherDb,
    image: 'debian-12',
    location: 'rix1',
    plan: 's-2vcpu-4gb',
    charges: '2.06',
    createdAt: '2025-05-05T05:10:00Z',
  },
];

/**
 * The demo instances: restored on every seeding (every other instance of these workspaces, created
 * by a demo session, is removed). Charges accrue from the moment of seeding.
 */
export async function seedComputeDemo(
  db: Db,
  workspaces: { cabinetId: string; otherId: string; allIds: string[] },
): Promise<void> {
  await seedCatalog(db);
  await db.delete(computeInstances).where(inArray(computeInstances.workspaceId, workspaces.allIds));
  const now = new Date();
  const row = (workspaceId: string, seed: SeedInstance) => ({
    id: seed.instance.uid,
    workspaceId,
    name: seed.instance.name,
    imageId: seed.image,
    locationId: seed.location,
    planId: seed.plan,
    status: seed.instance.status,
    pendingAction: seed.pendingAction ?? null,
    lastError: seed.lastError ?? null,
    charges: seed.charges,
    chargesBilled: seed.charges,
    chargedUntil: now,
    ...addressesFor(seed.instance.uid),
    // An installation under way started just now.
    createdAt: seed.instance.status === 'INSTALLING' ? now : new Date(seed.createdAt),
  });
  await db
    .insert(computeInstances)
    .values([
      ...DEMO_ROWS.map((seed) => row(workspaces.cabinetId, seed)),
      ...OTHER_ROWS.map((seed) => row(workspaces.otherId, seed)),
    ]);
  await seedMonitoringDemo(db, workspaces.cabinetId);
  // Nordwind Cloud runs more than the default limit: its limit was raised on request
  await db.delete(computeQuotas).where(inArray(computeQuotas.workspaceId, workspaces.allIds));
  await db
    .insert(computeQuotas)
    .values({ workspaceId: workspaces.cabinetId, instanceLimit: DEMO_CABINET_INSTANCE_LIMIT });
}

/** The demo cabinet's raised instance limit: its 14 instances and room for the demo's deployments. */
export const DEMO_CABINET_INSTANCE_LIMIT = 50;
