import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { GraphQLError } from 'graphql';
import { workspaces } from '../db/schema.js';
import { type GraphqlServices, httpContext, type Viewer } from '../graphql/context.js';
import { DOWNLOADS_LIMITED } from '../graphql/downloads.js';
import { PERMISSION_DENIED, SIGNATURE_EXPIRED } from '../graphql/errors.js';
import { requireSupportWorkspace } from './access.js';
import { UUID } from './repository.js';
import { supportAttachments, supportMessages } from './tables.js';

/** `filename*` of RFC 6266/5987 (any name, UTF-8) and an ASCII fallback. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `GET /api/support/attachments/:uid`: an attachment's bytes, for a signed-in user who may read its
 * thread (`requireSupportWorkspace(…, 'view')`). Another customer's attachment and an unknown uid
 * answer the same 404. Never rendered in the portal's origin: `Content-Disposition: attachment`, the
 * type the api decided from the extension, `nosniff`, and a CSP sandbox (no script, no same origin)
 * should a browser show it anyway.
 */
export function registerSupportAttachments(app: FastifyInstance, services: GraphqlServices) {
  app.get('/api/support/attachments/:uid', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const { uid } = request.params as { uid: string };
    const ctx = httpContext(services, request);
    let viewer: Viewer;
    try {
      viewer = await ctx.viewer();
    } catch (error) {
      const expired = error instanceof GraphQLError && error.message === SIGNATURE_EXPIRED;
      return reply.code(expired ? 401 : 403).send({ error: expired ? SIGNATURE_EXPIRED : PERMISSION_DENIED });
    }
    if (!(await services.downloadAllowed(viewer)))
      return reply.code(429).header('retry-after', '60').send({ error: DOWNLOADS_LIMITED });
    const notFound = () => reply.code(404).send({ error: 'Not Found' });
    if (!UUID.test(uid)) return notFound();
    const [row] = await services.db
      .select({
        name: supportAttachments.name,
        contentType: supportAttachments.contentType,
        storageKey: supportAttachments.storageKey,
        contractUid: workspaces.contractUid,
      })
      .from(supportAttachments)
      .innerJoin(supportMessages, eq(supportMessages.id, supportAttachments.messageId))
      .innerJoin(workspaces, eq(workspaces.id, supportMessages.workspaceId))
      .where(eq(supportAttachments.id, uid));
    if (!row) return notFound();
    try {
      await requireSupportWorkspace(ctx, row.contractUid, 'view');
    } catch (error) {
      if (error instanceof GraphQLError) return notFound();
      throw error;
    }
    const file = await services.support.storage.open(row.storageKey);
    if (!file) return notFound();
    reply.header('content-type', row.contentType);
    reply.header('content-length', file.size);
    reply.header('content-disposition', contentDisposition(row.name));
    reply.header('x-content-type-options', 'nosniff');
    reply.header('content-security-policy', "sandbox; default-src 'none'");
    // streamed from the driver (a file, an S3 object's body): never held whole in memory
    return reply.send(file.body);
  });
}
