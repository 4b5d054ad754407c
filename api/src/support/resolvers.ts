import type { GraphQLContext } from '../graphql/context.js';
import { permissionDenied, userError } from '../graphql/errors.js';
import type {
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
  SubscriptionSupportChangedArgs,
  SupportThread,
} from '../graphql/generated/resolvers.js';
import { requireWorkspaceCapability } from '../workspaces/index.js';
import { can } from '../workspaces/roles.js';
import { requireSupportWorkspace, type SupportNeed } from './access.js';
import { ALLOWED_EXTENSIONS, SUPPORT_LIMITS, SUPPORT_MESSAGES } from './limits.js';
import {
  findThread,
  listMessages,
  markThreadRead,
  markThreadUnread,
  type ThreadRow,
  threadMessages,
} from './repository.js';
import { SupportRefusal } from './service.js';

/** A thread the caller may `need`, or the permission error (also for an unknown uid). */
async function requireThread(ctx: GraphQLContext, uid: string, need: SupportNeed): Promise<ThreadRow> {
  const thread = await findThread(ctx.db, uid);
  if (!thread) {
    await ctx.viewer(); // no session: the same permission error, after the session check
    throw permissionDenied();
  }
  await requireSupportWorkspace(ctx, thread.contractUid, need);
  return thread;
}

async function loadThread(ctx: GraphQLContext, thread: ThreadRow): Promise<SupportThread> {
  const { user } = await ctx.viewer();
  const messages = await threadMessages(ctx.db, thread.id, user.id);
  // the invoice a thread is about only for those who may see the workspace's invoices
  const { standing } = await requireWorkspaceCapability(ctx, thread.contractUid, 'SUPPORT_VIEW');
  const invoiceShown = can(standing, 'BILLING_VIEW') && thread.invoiceNumber !== null;
  return {
    uid: thread.id,
    contractUid: thread.contractUid,
    workspaceName: thread.workspaceName,
    subject: thread.subject,
    instanceUid: thread.instanceName === null ? null : thread.instanceId,
    instanceName: thread.instanceName,
    invoiceUid: invoiceShown ? thread.invoiceId : null,
    invoiceNumber: invoiceShown ? thread.invoiceNumber : null,
    messages,
    unreadCount: messages.filter((message) => message.unread).length,
  };
}

const refusing = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SupportRefusal) throw userError(error.message, error.code, error.field);
    throw error;
  }
};

export const supportQueries = {
  supportMessages: async (_parent, args, ctx) => {
    const workspace = await requireSupportWorkspace(ctx, args.contractUid, 'view');
    const { user } = await ctx.viewer();
    return listMessages(ctx.db, {
      workspaceId: workspace.id,
      userId: user.id,
      folder: args.folder,
      search: args.search,
      first: args.first,
      after: args.after,
    });
  },
  supportThread: async (_parent, { uid }, ctx) => loadThread(ctx, await requireThread(ctx, uid, 'view')),
  supportLimits: async (_parent, _args, ctx) => {
    await ctx.viewer();
    return {
      maxFileBytes: SUPPORT_LIMITS.maxFileBytes,
      maxTotalBytes: SUPPORT_LIMITS.maxTotalBytes,
      maxFiles: SUPPORT_LIMITS.maxFiles,
      maxSubjectLength: SUPPORT_LIMITS.maxSubjectLength,
      maxBodyLength: SUPPORT_LIMITS.maxBodyLength,
      allowedExtensions: ALLOWED_EXTENSIONS,
    };
  },
} satisfies QueryResolvers;

export const supportMutations = {
  sendSupportMessage: async (_parent, { input }, ctx) => {
    const workspace = await requireSupportWorkspace(ctx, input.contractUid, 'write');
    const thread = input.threadUid ? await requireThread(ctx, input.threadUid, 'write') : null;
    if (thread && thread.contractUid !== input.contractUid) throw permissionDenied();
    const { user } = await ctx.viewer();
    const files = (input.attachments ?? []).map((file) => ({
      name: file.name,
      size: file.size,
      bytes: async () => new Uint8Array(await file.arrayBuffer()),
    }));
    const threadId = await refusing(async () => {
      const { subject, body } = ctx.support.validate({
        subject: input.subject,
        body: input.body,
        isReply: thread !== null,
        files,
      });
      // naming an invoice takes a role that sees invoices (refused as an unknown one: no oracle)
      if (!thread && input.invoiceUid && !can(workspace.standing, 'BILLING_VIEW'))
        throw new SupportRefusal(SUPPORT_MESSAGES.invoiceNotInWorkspace, 'invoiceUid');
      if (!thread) await ctx.support.checkSubjectOf(workspace.id, input.instanceUid, input.invoiceUid);
      return ctx.support.send({
        workspace,
        author: user,
        thread: thread ? { id: thread.id, subject: thread.subject } : null,
        subject,
        body,
        instanceUid: thread ? null : input.instanceUid,
        invoiceUid: thread ? null : input.invoiceUid,
        files,
      });
    });
    return loadThread(ctx, (await findThread(ctx.db, threadId))!);
  },
  markSupportThreadRead: async (_parent, { uid }, ctx) => {
    const thread = await requireThread(ctx, uid, 'view');
    const { user } = await ctx.viewer();
    if (await markThreadRead(ctx.db, thread.id, user.id)) {
      ctx.support.changed(thread.contractUid, thread.id);
      if (thread.createdById === user.id) ctx.support.directChanged(user.id);
    }
    return loadThread(ctx, thread);
  },
  markSupportThreadUnread: async (_parent, { uid }, ctx) => {
    const thread = await requireThread(ctx, uid, 'view');
    const { user } = await ctx.viewer();
    if (!(await markThreadUnread(ctx.db, thread.id, user.id)))
      throw userError(SUPPORT_MESSAGES.noAnswer, 'NO_ANSWER');
    ctx.support.changed(thread.contractUid, thread.id);
    if (thread.createdById === user.id) ctx.support.directChanged(user.id);
    return loadThread(ctx, thread);
  },
} satisfies MutationResolvers;

export const supportSubscriptions = {
  supportChanged: {
    // Checked when subscribing and again for every event: access may end while subscribed.
    subscribe: async (_parent, { contractUid }, ctx) => {
      await requireSupportWorkspace(ctx, contractUid, 'view');
      return ctx.pubsub.subscribe('supportChanged', contractUid);
    },
    resolve: async (
      payload: { contractUid: string; threadUid: string },
      { contractUid }: SubscriptionSupportChangedArgs,
      ctx: GraphQLContext,
    ) => {
      await requireSupportWorkspace(ctx, contractUid, 'view');
      return payload;
    },
  },
} satisfies SubscriptionResolvers;
