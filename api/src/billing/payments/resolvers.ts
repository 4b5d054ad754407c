import type { GraphQLContext } from '../../graphql/context.js';
import { permissionDenied } from '../../graphql/errors.js';
import type {
  MutationResolvers,
  QueryResolvers,
  ResolversTypes,
  SubscriptionPaymentChangedArgs,
  SubscriptionResolvers,
} from '../../graphql/generated/resolvers.js';
import { requireBillingWorkspace } from '../access.js';
import { ledgerBalance, utcDate } from '../ledger.js';
import { fromCents } from '../money.js';
import { MAX_TOP_UP_CENTS, MIN_TOP_UP_CENTS } from './messages.js';

/** Make a Payment and payment methods (`shared/graphql/billing-payments.graphql`); `pay` for every write. */
export const paymentQueries = {
  paymentLimits: async (_parent, { contractUid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'view');
    const balance = await ledgerBalance(ctx.db, workspace.id, utcDate(ctx.now()));
    return {
      contractUid,
      currency: workspace.currency,
      minTopUp: fromCents(MIN_TOP_UP_CENTS),
      maxTopUp: fromCents(MAX_TOP_UP_CENTS),
      amountDue: balance.amountDue,
      provider: ctx.payments.driver.kind,
    };
  },
  pendingPayment: async (_parent, { contractUid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'view');
    const row = await ctx.payments.pending(workspace);
    return row ? ctx.payments.toPayment(row, contractUid) : null;
  },
  payment: async (_parent, { contractUid, uid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'view');
    return ctx.payments.toPayment(await ctx.payments.attempt(workspace, uid), contractUid);
  },
  paymentMethods: async (_parent, { contractUid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'view');
    return ctx.payments.listMethods(workspace);
  },
} satisfies QueryResolvers;

export const paymentMutations = {
  startPayment: async (_parent, { input }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, input.contractUid, 'pay');
    const { user } = await ctx.viewer();
    const row = await ctx.payments.startPayment(workspace, user, input);
    return ctx.payments.toPayment(row, input.contractUid);
  },
  resumePayment: async (_parent, { contractUid, uid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'pay');
    return ctx.payments.toPayment(await ctx.payments.resume(workspace, uid), contractUid);
  },
  cancelPayment: async (_parent, { contractUid, uid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'pay');
    return ctx.payments.toPayment(await ctx.payments.cancel(workspace, uid), contractUid);
  },
  capturePayPalPayment: async (_parent, { contractUid, uid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'pay');
    return ctx.payments.toPayment(await ctx.payments.capturePayPal(workspace, uid), contractUid);
  },
  startPaymentMethodSetup: async (_parent, { contractUid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'pay');
    const intent = await ctx.payments.startSetup(workspace);
    return {
      setupIntentId: intent.id,
      clientSecret: intent.clientSecret,
      provider: ctx.payments.driver.kind,
    };
  },
  completePaymentMethodSetup: async (_parent, { contractUid, setupIntentId, makeDefault }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'pay');
    return ctx.payments.completeSetup(workspace, setupIntentId, makeDefault === true);
  },
  connectPayPal: async (_parent, { contractUid, returnUrl }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'pay');
    const { user } = await ctx.viewer();
    return { approvalUrl: await ctx.payments.connectPayPal(workspace, user, returnUrl) };
  },
  startPayPalVaultSetup: async (_parent, { contractUid, returnUrl }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'pay');
    return ctx.payments.startPayPalVault(workspace, returnUrl);
  },
  completePayPalVaultSetup: async (_parent, { contractUid, setupTokenId, makeDefault }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'pay');
    return ctx.payments.completePayPalVault(workspace, setupTokenId, makeDefault === true);
  },
  setDefaultPaymentMethod: async (_parent, { contractUid, uid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'pay');
    return ctx.payments.setDefault(workspace, uid);
  },
  removePaymentMethod: async (_parent, { contractUid, uid }, ctx) => {
    const workspace = await requireBillingWorkspace(ctx, contractUid, 'pay');
    return ctx.payments.remove(workspace, uid);
  },
} satisfies MutationResolvers;

export const paymentSubscriptions = {
  paymentChanged: {
    // Checked when subscribing and again for every event, like workspaceChanged.
    subscribe: async (_parent, { contractUid }, ctx) => {
      await requireBillingWorkspace(ctx, contractUid, 'view');
      return ctx.pubsub.subscribe('paymentChanged', contractUid);
    },
    resolve: async (
      payload: { uid: string },
      { contractUid }: SubscriptionPaymentChangedArgs,
      ctx: GraphQLContext,
    ): Promise<ResolversTypes['Payment']> => {
      const workspace = await requireBillingWorkspace(ctx, contractUid, 'view');
      const row = await ctx.payments.attempt(workspace, payload.uid).catch(() => null);
      if (!row) throw permissionDenied();
      return ctx.payments.toPayment(row, contractUid);
    },
  },
} satisfies SubscriptionResolvers;
