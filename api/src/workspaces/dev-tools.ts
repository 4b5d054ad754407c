import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { balances, workspaces } from '../db/schema.js';
import type { GraphqlServices } from '../graphql/context.js';

const DECIMAL = /^-?\d{1,12}(\.\d{1,2})?$/;

const money = (value: unknown): string | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && DECIMAL.test(text) ? text : undefined;
};

/**
 * `POST /_dev/workspaces/:contractUid/balance {amount, amountDue?}`: sets a workspace's balance and
 * publishes `workspaceChanged`, as a payment or a charge would (the e2e test of live balance updates
 * uses it). `amountDue` defaults to what a negative amount owes. Registered only with
 * PORTAL_DEV_TOOLS=1, which production refuses.
 */
export function registerDevWorkspaceTools(app: FastifyInstance, services: GraphqlServices): void {
  app.post('/_dev/workspaces/:contractUid/balance', async (request, reply) => {
    const { contractUid } = request.params as { contractUid: string };
    const body = (request.body ?? {}) as { amount?: unknown; amountDue?: unknown };
    const amount = money(body.amount);
    const amountDue = body.amountDue === undefined ? undefined : money(body.amountDue);
    if (amount === undefined || (body.amountDue !== undefined && amountDue === undefined)) {
      return reply
        .code(400)
        .send({ error: 'amount (and amountDue, if given) must be decimals like "-12.50"' });
    }
    const [workspace] = await services.db
      .select({ id: workspaces.id, currency: workspaces.currency })
      .from(workspaces)
      .where(eq(workspaces.contractUid, contractUid));
    if (!workspace) return reply.code(404).send({ error: 'no workspace with this contractUid' });
    const due = amountDue ?? (Number(amount) < 0 ? String(-Number(amount)) : '0');
    const [balance] = await services.db
      .insert(balances)
      .values({ workspaceId: workspace.id, currency: workspace.currency, amount, amountDue: due })
      .onConflictDoUpdate({
        target: balances.workspaceId,
        set: { amount, amountDue: due, updatedAt: sql`now()` },
      })
      .returning();
    services.pubsub.publish('workspaceChanged', contractUid, { contractUid });
    reply.header('cache-control', 'no-store');
    return {
      contractUid,
      amount: balance!.amount,
      amountDue: balance!.amountDue,
      currency: balance!.currency,
    };
  });
}
