import type { FastifyInstance } from 'fastify';
import type { GraphqlServices } from '../../graphql/context.js';
import { ALERT_METRICS, type AlertMetric } from './metrics.js';
import { machines } from './repository.js';

/**
 * The monitoring dev tools, for e2e tests. Registered only with PORTAL_DEV_TOOLS=1, which
 * production refuses.
 *
 * - `POST /_dev/compute/instances/:uid/metrics` body `{"metric": "CPU", "value": 97, "minutes"?: 60}`:
 *   the instance reads `value` (the rule's unit: %, Mbps, pps) for that metric from now on, as if it
 *   had for the last `minutes` (1-1440, default 60); `"value": null` clears it. Then the sampler and
 *   the alert evaluation run at once. Answers `{uid, metric, value}`; 404 unknown or deleted
 *   instance, 400 naming a bad field.
 * - `POST /_dev/compute/metrics/tick`: samples and evaluates now instead of at the next minute;
 *   answers `{ok: true}`.
 */
export function registerDevMonitoringTools(app: FastifyInstance, services: GraphqlServices): void {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

  app.post('/_dev/compute/instances/:uid/metrics', async (request, reply) => {
    const { uid } = request.params as { uid: string };
    const body = (request.body ?? {}) as { metric?: unknown; value?: unknown; minutes?: unknown };
    const problems: string[] = [];
    if (!(ALERT_METRICS as readonly unknown[]).includes(body.metric))
      problems.push(`metric must be one of ${ALERT_METRICS.join(', ')}`);
    if (
      body.value !== null &&
      (typeof body.value !== 'number' || !Number.isFinite(body.value) || body.value < 0)
    )
      problems.push('value must be a number from 0, or null');
    const minutes = body.minutes ?? 60;
    if (typeof minutes !== 'number' || !Number.isInteger(minutes) || minutes < 1 || minutes > 1440)
      problems.push('minutes must be a whole number from 1 to 1440');
    if (problems.length > 0) return reply.code(400).send({ error: problems.join('; ') });
    const [machine] = uuid.test(uid) ? await machines(services.db, { uids: [uid] }) : [];
    if (!machine) return reply.code(404).send({ error: 'no instance with this uid' });
    await services.monitoring.force(
      machine,
      body.metric as AlertMetric,
      body.value as number | null,
      minutes as number,
    );
    reply.header('cache-control', 'no-store');
    return { uid, metric: body.metric, value: body.value };
  });

  app.post('/_dev/compute/metrics/tick', async (_request, reply) => {
    await services.monitoring.tick();
    reply.header('cache-control', 'no-store');
    return { ok: true };
  });
}
