import type { GraphQLContext } from '../graphql/context.js';
import type {
  MutationResolvers,
  QueryResolvers,
  SubscriptionResolvers,
  SubscriptionWorkspaceSettingsChangedArgs,
} from '../graphql/generated/resolvers.js';
import { requireWorkspaceCapability } from './access.js';
import { COUNTRIES } from './countries.js';
import { deactivateAccount, deactivationBlockers, deleteWorkspace, myWorkspaces } from './lifecycle.js';
import {
  changeRole,
  inviteUser,
  removeMember,
  requirePassword,
  resendInvitation,
  revokeInvitation,
} from './members.js';
import type { WorkspaceRow } from './repository.js';
import { loadSettings, saveSettings } from './settings.js';

async function settingsOf(ctx: GraphQLContext, workspace: WorkspaceRow) {
  const { user } = await ctx.viewer();
  return loadSettings(ctx.db, workspace, user.id, ctx.now());
}

/** After a change: every open settings page and workspace of this contract follows. */
function changed(ctx: GraphQLContext, contractUid: string) {
  ctx.pubsub.publish('workspaceChanged', contractUid, { contractUid });
}

/** A change by an administrator: WORKSPACE_MANAGE, then the change, then the settings as they are now. */
async function manage(
  ctx: GraphQLContext,
  contractUid: string,
  change: (workspace: WorkspaceRow) => Promise<void>,
) {
  const workspace = await requireWorkspaceCapability(ctx, contractUid, 'WORKSPACE_MANAGE');
  await change(workspace);
  changed(ctx, contractUid);
  return settingsOf(ctx, await requireWorkspaceCapability(ctx, contractUid, 'WORKSPACE_VIEW'));
}

export const workspaceAdminQueries = {
  workspaceSettings: async (_parent, { contractUid }, ctx) =>
    settingsOf(ctx, await requireWorkspaceCapability(ctx, contractUid, 'WORKSPACE_VIEW')),
  countries: async (_parent, _args, ctx) => {
    await ctx.viewer();
    return [...COUNTRIES];
  },
  myAccounts: async (_parent, _args, ctx) => {
    const { user } = await ctx.viewer();
    const workspaces = await myWorkspaces(ctx.db, user);
    return { workspaces, deactivationBlockers: await deactivationBlockers(ctx.db, workspaces) };
  },
} satisfies QueryResolvers;

export const workspaceAdminMutations = {
  updateWorkspaceSettings: (_parent, { contractUid, input }, ctx) =>
    manage(ctx, contractUid, (workspace) => saveSettings(ctx.db, workspace, input, ctx.now())),

  inviteWorkspaceUser: (_parent, { contractUid, email, role }, ctx) =>
    manage(ctx, contractUid, async (workspace) =>
      inviteUser(ctx, workspace, (await ctx.viewer()).user, email, role),
    ),

  resendWorkspaceInvitation: (_parent, { contractUid, invitationUid }, ctx) =>
    manage(ctx, contractUid, async (workspace) =>
      resendInvitation(ctx, workspace, (await ctx.viewer()).user, invitationUid),
    ),

  revokeWorkspaceInvitation: (_parent, { contractUid, invitationUid }, ctx) =>
    manage(ctx, contractUid, (workspace) => revokeInvitation(ctx.db, workspace, invitationUid)),

  changeWorkspaceUserRole: (_parent, { contractUid, employeeUid, role, password }, ctx) =>
    manage(ctx, contractUid, async (workspace) => {
      await requirePassword(ctx, (await ctx.viewer()).user, password);
      await changeRole(ctx.db, workspace, employeeUid, role);
    }),

  removeWorkspaceUser: async (_parent, { contractUid, memberUid, password }, ctx) => {
    const workspace = await requireWorkspaceCapability(ctx, contractUid, 'WORKSPACE_MANAGE');
    const { user } = await ctx.viewer();
    await requirePassword(ctx, user, password);
    await removeMember(ctx.db, workspace, memberUid);
    changed(ctx, contractUid);
    // The caller may have removed themselves: they see the list as it was left, once.
    return loadSettings(ctx.db, workspace, user.id, ctx.now());
  },

  deleteWorkspace: async (_parent, { contractUid, password }, ctx) => {
    const workspace = await requireWorkspaceCapability(ctx, contractUid, 'WORKSPACE_MANAGE');
    const { user } = await ctx.viewer();
    await requirePassword(ctx, user, password);
    await deleteWorkspace(ctx.db, workspace, user, ctx.now());
    changed(ctx, contractUid);
    return { contractUid, workspaceName: workspace.name };
  },

  deactivateAccount: async (_parent, { password }, ctx) => {
    const { user } = await ctx.viewer();
    await requirePassword(ctx, user, password);
    const left = await deactivateAccount(ctx.db, user, ctx.now());
    for (const contractUid of left) changed(ctx, contractUid);
    return { email: user.email };
  },
} satisfies MutationResolvers;

export const workspaceAdminSubscriptions = {
  workspaceSettingsChanged: {
    // Checked when subscribing and again for every event: access may end while subscribed.
    subscribe: async (_parent, { contractUid }, ctx) => {
      await requireWorkspaceCapability(ctx, contractUid, 'WORKSPACE_VIEW');
      return ctx.pubsub.subscribe('workspaceChanged', contractUid);
    },
    resolve: async (
      _payload: unknown,
      { contractUid }: SubscriptionWorkspaceSettingsChangedArgs,
      ctx: GraphQLContext,
    ) => settingsOf(ctx, await requireWorkspaceCapability(ctx, contractUid, 'WORKSPACE_VIEW')),
  },
} satisfies SubscriptionResolvers;
