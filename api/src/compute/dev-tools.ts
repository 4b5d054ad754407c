import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { workspaces } from '../db/schema.js';
import type { GraphqlServices } from '../graphql/context.js';
import { addressesFor } from './addresses.js';
import { IncidentUpdateRefusal, postIncidentUpdate } from './status/updates.js';
import { computeInstances } from './tables.js';

/**
 * The compute dev tools, for e2e tests. Registered only with PORTAL_DEV_TOOLS=1, which production
 * refuses.
 *
 * - `POST /_dev/compute/instances/:uid/fail-next`: the simulator fails the instance's next step
 *   (deployment or action) with a hypervisor-like message; answers `{uid, failNext: true}`; 404 for
 *   an unknown or deleted instance.
 * - `POST /_dev/compute/status/incidents/:uid/updates` with `{status, message}`: posts an update to
 *   a Status incident or maintenance (RESOLVED/COMPLETED close it) and publishes `statusChanged`;
 *   answers `{ok: true}`, 400 with `{error}` when refused.
 * - `POST /_dev/compute/bench/instances` with `{contractUid, count}` (1-2000): fills the workspace
 *   with `count` ACTIVE instances named `bench-001`… (replacing its instances) for `npm run bench`;
 *   answers `{count}`, 404 for an unknown workspace.
 * - `POST /_dev/compute/charges/tick`: accrues charges up to now and publishes what moved, at once
 *   instead of at the next tick; answers `{ok: true}`.
 */
export function registerDevComputeTools(app: FastifyInstance, services: GraphqlServices): void {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

  app.post('/_dev/compute/instances/:uid/fail-next', async (request, reply) => {
    const { uid } = request.params as { uid: string };
    const simulator = services.compute.simulator;
    if (!simulator) return reply.code(409).send({ error: 'the compute driver is not the simulator' });
    const [row] = uuid.test(uid)
      ? await services.db
          .select({ id: computeInstances.id, deletedAt: computeInstances.deletedAt })
          .from(computeInstances)
          .where(eq(computeInstances.id, uid))
      : [];
    if (!row || row.deletedAt) return reply.code(404).send({ error: 'no instance with this uid' });
    simulator.failNext(row.id);
    reply.header('cache-control', 'no-store');
    return { uid: row.id, failNext: true };
  });

  app.post('/_dev/compute/status/incidents/:uid/updates', async (request, reply) => {
    const { uid } = request.params as { uid: string };
    const body = (request.body ?? {}) as { status?: unknown; message?: unknown };
    reply.header('cache-control', 'no-store');
    try {
      await postIncidentUpdate(services.db, services.pubsub, {
        incidentUid: uid,
        status: String(body.status ?? ''),
        message: String(body.message ?? ''),
        now: services.compute.now(),
      });
    } catch (error) {
      if (error instanceof IncidentUpdateRefusal) return reply.code(400).send({ error: error.message });
      throw error;
    }
    return { ok: true };
  });

  app.post('/_dev/compute/bench/instances', async (request, reply) => {
    const body = (request.body ?? {}) as { contractUid?: unknown; count?: unknown };
    const count = Number(body.count);
    reply.header('cache-control', 'no-store');
    if (!Number.isInteger(count) || count < 1 || count > 2000)
      return reply.code(400).send({ error: 'count: 1 to 2000' });
    const [workspace] = await services.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(eq(workspaces.contractUid, String(body.contractUid ?? '')));
    if (!workspace) return reply.code(404).send({ error: 'no workspace with this contractUid' });
    const images = ['ubuntu-24-04', 'debian-12', 'rocky-9', 'alpine-3-20', 'windows-server-2022'];
    const locations = ['fra1', 'rix1', 'hel1', 'ams1', 'ash1'];
    const now = services.compute.now();
    await services.db.delete(computeInstances).where(eq(computeInstances.workspaceId, workspace.id));
    const rows = Array.from({ length: count }, (_, i) => {
      const id = crypto.randomUUID();
      return {
        id,
        workspaceId: workspace.id,
        name: `bench-${String(i + 1).padStart(3, '0')}`,
        imageId: images[i % images.length]!,
        locationId: locations[i % locations.length]!,
        planId: 's-1vcpu-2gb',
        status: (i % 3 === 2 ? 'INACTIVE' : 'ACTIVE') as 'ACTIVE' | 'INACTIVE',
        chargedUntil: now,
        createdAt: now,
        ...addressesFor(id),
      };
    });
    for (let i = 0; i < rows.length; i += 250)
      await services.db.insert(computeInstances).values(rows.slice(i, i + 250));
    return { count };
  });

  app.post('/_dev/compute/charges/tick', async (_request, reply) => {
    await services.compute.tick();
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });
}
