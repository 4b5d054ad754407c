import { and, eq, isNull } from 'drizzle-orm';
import { invitations, workspaceEmployees } from '../db/schema.js';
import { userError } from '../graphql/errors.js';
import type { MutationResolvers, QueryResolvers } from '../graphql/generated/resolvers.js';
import { loadWorkspace } from '../workspaces/index.js';
import { findInvitation, INVITATION_MESSAGES, invitationStatus } from './invitations.js';

export const invitationQueries = {
  // No session needed (the Invitation page skips the guard): the key is the credential, and the
  // answer says only what the invitation itself says.
  invitation: async (_parent, { key }, ctx) => {
    const found = await findInvitation(ctx.db, key);
    if (!found) return null;
    const { invitation } = found;
    return {
      workspaceName: found.workspaceName,
      invitedBy: found.invitedBy,
      email: invitation.email,
      role: invitation.role,
      status: invitationStatus(invitation, ctx.now()),
      expiresAt: invitation.expiresAt,
    };
  },
} satisfies QueryResolvers;

export const invitationMutations = {
  acceptInvitation: async (_parent, { key }, ctx) => {
    const { user } = await ctx.viewer();
    const found = await findInvitation(ctx.db, key);
    if (!found) throw userError(INVITATION_MESSAGES.unknown, 'INVITATION_NOT_FOUND');
    const { invitation } = found;
    const status = invitationStatus(invitation, ctx.now());
    if (status === 'ACCEPTED') throw userError(INVITATION_MESSAGES.accepted, 'INVITATION_ACCEPTED');
    if (status === 'EXPIRED') throw userError(INVITATION_MESSAGES.expired, 'INVITATION_EXPIRED');
    if (invitation.email !== user.email) {
      throw userError(INVITATION_MESSAGES.otherEmail(invitation.email), 'INVITATION_OTHER_EMAIL');
    }

    const employeeUid = await ctx.db.transaction(async (tx) => {
      // Claims the key: of two concurrent accepts only one updates the row.
      const claimed = await tx
        .update(invitations)
        .set({ acceptedAt: new Date(ctx.now()), acceptedById: user.id })
        .where(and(eq(invitations.id, invitation.id), isNull(invitations.acceptedAt)))
        .returning({ id: invitations.id });
      if (claimed.length === 0) throw userError(INVITATION_MESSAGES.accepted, 'INVITATION_ACCEPTED');
      // Already an employee (another invitation): keep that record and its role.
      const [created] = await tx
        .insert(workspaceEmployees)
        .values({
          workspaceId: invitation.workspaceId,
          userId: user.id,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          role: invitation.role,
        })
        .onConflictDoNothing({ target: [workspaceEmployees.workspaceId, workspaceEmployees.userId] })
        .returning({ id: workspaceEmployees.id });
      if (created) return created.id;
      const [existing] = await tx
        .select({ id: workspaceEmployees.id })
        .from(workspaceEmployees)
        .where(
          and(
            eq(workspaceEmployees.workspaceId, invitation.workspaceId),
            eq(workspaceEmployees.userId, user.id),
          ),
        );
      return existing!.id;
    });

    ctx.pubsub.publish('workspaceChanged', found.contractUid, { contractUid: found.contractUid });
    return { workspace: await loadWorkspace(ctx, found.contractUid), employeeUid };
  },
} satisfies MutationResolvers;
