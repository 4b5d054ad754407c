import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { workspaces } from '../../db/schema.js';
import type { GraphqlServices } from '../../graphql/context.js';
import type { InvoiceSchedule } from '../invoice-schedule.js';
import { paymentAttempts, sandboxEvents, UNFINISHED } from './tables.js';

/**
 * The payments' dev tools (PORTAL_DEV_TOOLS=1, refused in production), for e2e tests and the kill
 * test:
 * - `POST /_dev/billing/workspaces/:contractUid/pending-payment/expire`: the workspace's pending
 *   payment ends as a day-old one would (`abandoned`, status `CANCELED`); answers `{expired}`.
 * - `POST /_dev/billing/payments/expire-stale`: the hourly expiry now; answers `{expired}` (a count).
 * - `POST /_dev/billing/sandbox/deliveries` with `{hold: true|false}`: holds the sandbox's webhook
 *   deliveries (a slow provider; events wait in the outbox), or releases and delivers them; answers
 *   `{hold, delivered}`.
 * - `GET /_dev/billing/sandbox/events?intentId=pi_…`: the sandbox's events of an intent, oldest
 *   first, with their signed delivery (`payload`, `signature`) to redeliver by hand.
 * - `POST /_dev/billing/daily-run`: the daily timer's run now (`{issued}`: invoices on the 1st).
 */
export function registerDevPaymentTools(
  app: FastifyInstance,
  services: GraphqlServices,
  schedule?: InvoiceSchedule,
): void {
  const { payments } = services;

  app.post('/_dev/billing/workspaces/:contractUid/pending-payment/expire', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { contractUid } = request.params as { contractUid: string };
    const [workspace] = await services.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.contractUid, contractUid));
    if (!workspace) return reply.code(404).send({ error: 'No such workspace.' });
    // backdate it a day and a minute, then let the expiry do what it does every hour
    await services.db
      .update(paymentAttempts)
      .set({ createdAt: new Date(services.now() - 24 * 60 * 60 * 1000 - 60_000) })
      .where(
        and(eq(paymentAttempts.workspaceId, workspace.id), inArray(paymentAttempts.status, [...UNFINISHED])),
      );
    return { expired: await payments.expireStale() };
  });

  app.post('/_dev/billing/payments/expire-stale', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { expired: await payments.expireStale() };
  });

  app.post('/_dev/billing/sandbox/deliveries', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const sandbox = payments.sandbox;
    if (!sandbox) return reply.code(409).send({ error: 'The payments driver is not the sandbox.' });
    const { hold } = (request.body ?? {}) as { hold?: unknown };
    if (typeof hold !== 'boolean') return reply.code(400).send({ error: 'hold must be true or false.' });
    sandbox.holdDeliveries = hold;
    return { hold, delivered: hold ? 0 : await sandbox.deliverPending() };
  });

  app.get('/_dev/billing/sandbox/events', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const sandbox = payments.sandbox;
    if (!sandbox) return reply.code(409).send({ error: 'The payments driver is not the sandbox.' });
    const { intentId } = request.query as { intentId?: string };
    if (!intentId) return reply.code(400).send({ error: 'intentId is required.' });
    const rows = await services.db
      .select()
      .from(sandboxEvents)
      .where(eq(sandboxEvents.intentId, intentId))
      .orderBy(sandboxEvents.createdAt);
    return {
      events: await Promise.all(
        rows.map(async (row) => ({
          id: row.id,
          type: row.type,
          delivered: row.deliveredAt !== null,
          ...(await sandbox.signedEvent(row.id)),
        })),
      ),
    };
  });

  app.post('/_dev/billing/daily-run', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (!schedule) return reply.code(409).send({ error: 'No schedule.' });
    return { issued: await schedule.runDaily() };
  });
}
