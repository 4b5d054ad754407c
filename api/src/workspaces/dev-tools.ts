import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adjustAmount, ledgerBalance, utcDate } from '../billing/ledger.js';
import { toCents } from '../billing/money.js';
import { workspaces } from '../db/schema.js';
import type { GraphqlServices } from '../graphql/context.js';
import type { NotificationType } from '../graphql/generated/resolvers.js';
import { findUserByEmail } from '../identity/users.js';

const DECIMAL = /^-?\d{1,12}(\.\d{1,2})?$/;

const money = (value: unknown): string | undefined => {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && DECIMAL.test(text) ? text : undefined;
};

/** The schema's `NotificationType`s: a Record, so a type added to the schema fails the build here. */
const NOTIFICATION_TYPE_SET: Record<NotificationType, true> = {
  info: true,
  success: true,
  warning: true,
  error: true,
};
export const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_TYPE_SET) as NotificationType[];

/** The longest notification message the endpoint takes. */
export const MAX_NOTIFICATION_LENGTH = 1000;

const EMAIL = /^[^\s@]+@[^\s@]+$/;

const notificationType = (value: unknown): NotificationType | undefined =>
  NOTIFICATION_TYPES.find((type) => type === value);

/**
 * The dev tools of the workspace and user events, for the e2e tests of live updates. Registered only
 * with PORTAL_DEV_TOOLS=1, which production refuses.
 *
 * - `POST /_dev/workspaces/:contractUid/balance {amount}`: sets a workspace's balance (an
 *   `adjustment` entry of the difference in the ledger) and publishes `workspaceChanged`, as a
 *   payment or a charge would. The amount due follows (what a negative amount owes).
 * - Unread support messages are computed from the messages: answer a thread as support with
 *   `POST /_dev/support/answers` (`src/support/dev-tools.ts`).
 * - `POST /_dev/users/notify {email, type, message}`: publishes a `notifications` event to that user,
 *   as a finished payment or deployment would.
 */
export function registerDevWorkspaceTools(app: FastifyInstance, services: GraphqlServices): void {
  const findWorkspace = async (contractUid: string) => {
    const [workspace] = await services.db
      .select({ id: workspaces.id, currency: workspaces.currency })
      .from(workspaces)
      .where(eq(workspaces.contractUid, contractUid));
    return workspace;
  };

  app.post('/_dev/workspaces/:contractUid/balance', async (request, reply) => {
    const { contractUid } = request.params as { contractUid: string };
    const body = (request.body ?? {}) as { amount?: unknown };
    const amount = money(body.amount);
    if (amount === undefined) {
      return reply.code(400).send({ error: 'amount must be a decimal like "-12.50"' });
    }
    const workspace = await findWorkspace(contractUid);
    if (!workspace) return reply.code(404).send({ error: 'no workspace with this contractUid' });
    // An adjustment entry in the ledger: the balance stays a sum of entries.
    const today = utcDate(services.now());
    await adjustAmount(services.db, workspace, toCents(amount)!, today);
    const balance = await ledgerBalance(services.db, workspace.id, today);
    services.pubsub.publish('workspaceChanged', contractUid, { contractUid });
    reply.header('cache-control', 'no-store');
    return {
      contractUid,
      amount: balance.amount,
      amountDue: balance.amountDue,
      currency: workspace.currency,
    };
  });

  app.post('/_dev/users/notify', async (request, reply) => {
    const body = (request.body ?? {}) as { email?: unknown; type?: unknown; message?: unknown };
    const type = notificationType(body.type);
    const problems = [
      ...(typeof body.email === 'string' && EMAIL.test(body.email.trim())
        ? []
        : ['email must be an e-mail address']),
      ...(type ? [] : [`type must be one of ${NOTIFICATION_TYPES.join(', ')}`]),
      ...(typeof body.message === 'string' &&
      body.message.trim() !== '' &&
      body.message.length <= MAX_NOTIFICATION_LENGTH
        ? []
        : [`message must be a non-empty string of at most ${MAX_NOTIFICATION_LENGTH} characters`]),
    ];
    if (problems.length > 0) return reply.code(400).send({ error: problems.join('; ') });
    const user = await findUserByEmail(services.db, body.email as string);
    if (!user) return reply.code(404).send({ error: 'no user with this email' });
    const notification = { type: type!, message: body.message as string };
    services.pubsub.publish('notifications', user.id, notification);
    reply.header('cache-control', 'no-store');
    return { email: user.email, ...notification };
  });
}
