import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type {
  ComputeCatalog,
  ComputeImage,
  ComputeLocation,
  ComputePlan,
  Offer,
  OfferKind,
} from '../graphql/generated/resolvers.js';
import { allowedActions } from './actions.js';
import type { InstanceModel } from './models.js';
import {
  type ComputeInstanceRow,
  computeImages,
  computeInstances,
  computeLocations,
  computeOffers,
  computePlanPrices,
  computePlans,
} from './tables.js';

/** The catalogue by uid, in its display order: a handful of rows, read whole (also for 500 instances). */
export interface Catalog extends ComputeCatalog {
  image(uid: string): ComputeImage | undefined;
  location(uid: string): ComputeLocation | undefined;
  plan(uid: string): ComputePlan | undefined;
}

export async function loadCatalog(db: Db): Promise<Catalog> {
  const [imageRows, locationRows, planRows, priceRows] = await Promise.all([
    db.select().from(computeImages).orderBy(asc(computeImages.position), asc(computeImages.id)),
    db.select().from(computeLocations).orderBy(asc(computeLocations.position), asc(computeLocations.id)),
    db.select().from(computePlans).orderBy(asc(computePlans.position), asc(computePlans.id)),
    db.select().from(computePlanPrices).orderBy(asc(computePlanPrices.currency)),
  ]);
  const images: ComputeImage[] = imageRows.map((r) => ({
    uid: r.id,
    name: r.name,
    system: r.system,
    kind: r.kind,
    description: r.description,
  }));
  const locations: ComputeLocation[] = locationRows.map((r) => ({
    uid: r.id,
    city: r.city,
    country: r.country,
    region: r.region,
  }));
  const plans: ComputePlan[] = planRows.map((r) => ({
    uid: r.id,
    name: r.name,
    vcpus: r.vcpus,
    memoryMb: r.memoryMb,
    diskGb: r.diskGb,
    transferTb: r.transferTb,
    prices: priceRows
      .filter((p) => p.planId === r.id)
      .map((p) => ({ currency: p.currency, monthly: p.monthly, hourly: p.hourly })),
  }));
  const byUid = <T extends { uid: string }>(list: T[]) => {
    const map = new Map(list.map((item) => [item.uid, item]));
    return (uid: string) => map.get(uid);
  };
  return {
    images,
    locations,
    plans,
    image: byUid(images),
    location: byUid(locations),
    plan: byUid(plans),
  };
}

export async function loadOffers(
  db: Db,
  filter: { kind?: OfferKind; templateUid?: string },
): Promise<Offer[]> {
  const catalog = await loadCatalog(db);
  const conditions = [
    ...(filter.kind ? [eq(computeOffers.kind, filter.kind)] : []),
    ...(filter.templateUid !== undefined ? [eq(computeOffers.templateUid, filter.templateUid)] : []),
  ];
  const rows = await db
    .select()
    .from(computeOffers)
    .where(and(...conditions))
    .orderBy(asc(computeOffers.position), asc(computeOffers.templateUid));
  return rows.map((r) => ({
    templateUid: r.templateUid,
    kind: r.kind,
    category: r.category,
    title: r.title,
    description: r.description,
    image: catalog.image(r.imageId)!,
    plan: catalog.plan(r.planId)!,
  }));
}

/** An instance as the contract shows it; `contractUid` and `currency` are its workspace's. */
export function toInstance(
  row: ComputeInstanceRow,
  catalog: Catalog,
  workspace: { contractUid: string; currency: string },
): InstanceModel {
  const image = catalog.image(row.imageId)!;
  return {
    uid: row.id,
    contractUid: workspace.contractUid,
    name: row.name,
    system: image.system,
    image,
    location: catalog.location(row.locationId)!,
    plan: catalog.plan(row.planId)!,
    status: row.status,
    pendingAction: row.pendingAction,
    lastError: row.lastError,
    allowedActions: allowedActions(row.status, row.pendingAction, row.resizingToPlanId !== null),
    resizingTo: row.resizingToPlanId ? (catalog.plan(row.resizingToPlanId) ?? null) : null,
    charges: row.chargesBilled,
    currency: workspace.currency,
    ipv4: row.ipv4,
    ipv6: row.ipv6,
    createdAt: row.createdAt,
  };
}

/** The workspace's instances (not deleted), by name. */
export function instanceRows(db: Db, workspaceId: string): Promise<ComputeInstanceRow[]> {
  return db
    .select()
    .from(computeInstances)
    .where(and(eq(computeInstances.workspaceId, workspaceId), isNull(computeInstances.deletedAt)))
    .orderBy(asc(computeInstances.name), asc(computeInstances.id));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One instance of the workspace, deleted ones too when asked (the last state of a deletion event). */
export async function instanceRow(
  db: Db,
  workspaceId: string,
  uid: string,
  options: { withDeleted?: boolean } = {},
): Promise<ComputeInstanceRow | undefined> {
  if (!UUID.test(uid)) return undefined;
  const [row] = await db
    .select()
    .from(computeInstances)
    .where(
      and(
        eq(computeInstances.id, uid),
        eq(computeInstances.workspaceId, workspaceId),
        ...(options.withDeleted ? [] : [isNull(computeInstances.deletedAt)]),
      ),
    );
  return row;
}
