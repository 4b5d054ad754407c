import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { workspaces } from '../db/schema.js';
import type { GraphqlServices } from '../graphql/context.js';
import { UUID } from './repository.js';
import { supportThreads } from './tables.js';

/** The longest answer the endpoint takes. */
export const MAX_ANSWER_LENGTH = 20_000;

/**
 * The support desk's side, for the demo and the e2e tests. Registered only with PORTAL_DEV_TOOLS=1,
 * which production refuses.
 *
 * - `POST /_dev/support/answers {body, threadUid}` or `{body, contractUid, subject?}`: answers the
 *   thread (by uid, or the workspace's latest thread, with that exact subject when given) as support:
 *   `body` is HTML. The customer's badge rises, a toast and an e-mail follow, as a real answer's.
 */
export function registerDevSupportTools(app: FastifyInstance, services: GraphqlServices): void {
  app.post('/_dev/support/answers', async (request, reply) => {
    const body = (request.body ?? {}) as {
      body?: unknown;
      threadUid?: unknown;
      contractUid?: unknown;
      subject?: unknown;
    };
    if (typeof body.body !== 'string' || body.body.trim() === '' || body.body.length > MAX_ANSWER_LENGTH) {
      return reply
        .code(400)
        .send({ error: `body must be non-empty HTML of at most ${MAX_ANSWER_LENGTH} characters` });
    }
    let threadId: string | undefined;
    if (typeof body.threadUid === 'string') {
      if (UUID.test(body.threadUid)) {
        const [row] = await services.db
          .select({ id: supportThreads.id })
          .from(supportThreads)
          .where(eq(supportThreads.id, body.threadUid));
        threadId = row?.id;
      }
    } else if (typeof body.contractUid === 'string') {
      const [row] = await services.db
        .select({ id: supportThreads.id })
        .from(supportThreads)
        .innerJoin(workspaces, eq(workspaces.id, supportThreads.workspaceId))
        .where(
          and(
            eq(workspaces.contractUid, body.contractUid),
            typeof body.subject === 'string' ? eq(supportThreads.subject, body.subject) : undefined,
          ),
        )
        .orderBy(desc(supportThreads.createdAt))
        .limit(1);
      threadId = row?.id;
    } else {
      return reply.code(400).send({ error: 'give threadUid, or contractUid (and subject)' });
    }
    if (!threadId) return reply.code(404).send({ error: 'no such thread' });
    const { messageId } = await services.support.answer(threadId, body.body);
    reply.header('cache-control', 'no-store');
    return { threadUid: threadId, messageUid: messageId };
  });
}
