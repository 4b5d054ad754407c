import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError } from '@paypal/paypal-server-sdk';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { paymentMethods, workspaces } from '../../db/schema.js';
import { permissionDenied, userError } from '../../graphql/errors.js';
import type { WorkspaceRow } from '../../workspaces/repository.js';
import { PROVIDER } from '../pdf.js';
import { PAYMENT_MESSAGES as M } from './messages.js';
import type { PayPalDriver, PayPalPaymentTokenView } from './paypal-driver.js';
import { paymentCustomers, paymentMethodDefaults } from './tables.js';
import { paypalPaymentTokens, paypalVaultSetups } from './vault-tables.js';

/** A payment with a saved PayPal account waits under this id until its order exists (`chargeVaulted`). */
export const VAULT_PENDING_PREFIX = 'PPVAULT-';

const invalid = (message: string, field: string) => userError(message, 'INVALID_INPUT', field);
const refused = (message: string, field?: string) => userError(message, 'PAYMENT_REFUSED', field);

export interface PayPalVaultOptions {
  db: Db;
  log: FastifyBaseLogger;
  paypal: PayPalDriver;
  now: () => number;
  /** `workspaceChanged` of the workspace: the payment-methods tab and the balance refetch. */
  publish: (contractUid: string) => void;
}

/**
 * PayPal Vault v3 (README, "PayPal vault"): "Connect PayPal" with real PayPal keys. A setup token
 * (`POST /v3/vault/setup-tokens`, `usage_type` MERCHANT) approved by the buyer in PayPal's buttons
 * becomes a payment token (`POST /v3/vault/payment-tokens`), saved as the workspace's PayPal payment
 * method: the payer's e-mail and country are shown, the payment token and PayPal's customer id stay
 * here. Removing the method deletes the token at PayPal; `VAULT.PAYMENT-TOKEN.CREATED/DELETED`
 * webhooks are applied idempotently (by the token id).
 */
export class PayPalVault {
  constructor(private readonly options: PayPalVaultOptions) {}

  private get db() {
    return this.options.db;
  }

  private get paypal() {
    return this.options.paypal;
  }

  private now() {
    return this.options.now();
  }

  /** PayPal's customer of the workspace, once a first token made one. */
  private async customerOf(workspaceId: string): Promise<string | null> {
    const [row] = await this.db
      .select()
      .from(paymentCustomers)
      .where(and(eq(paymentCustomers.workspaceId, workspaceId), eq(paymentCustomers.provider, 'PAYPAL')));
    return row?.customerId ?? null;
  }

  /** A setup token for the buttons; `back` is the checked return URL, absolute. */
  async startSetup(
    workspace: WorkspaceRow,
    back: { returnUrl: string; cancelUrl: string },
  ): Promise<{ setupTokenId: string; approvalUrl: string | null }> {
    const customerId = await this.customerOf(workspace.id);
    let token: Awaited<ReturnType<PayPalDriver['createSetupToken']>>;
    try {
      token = await this.paypal.createSetupToken({
        customerId,
        requestId: `vault-setup-${workspace.id}-${randomUUID()}`,
        description: `${PROVIDER.name}: payments of ${workspace.name}`,
        brandName: PROVIDER.name,
        returnUrl: back.returnUrl,
        cancelUrl: back.cancelUrl,
      });
    } catch (error) {
      this.options.log.error({ err: error }, 'payments: PayPal did not create a vault setup token');
      throw refused(M.paypalConnectUnreachable);
    }
    await this.db.insert(paypalVaultSetups).values({
      setupTokenId: token.id,
      workspaceId: workspace.id,
      createdAt: new Date(this.now()),
    });
    return { setupTokenId: token.id, approvalUrl: token.approveUrl };
  }

  /**
   * The approved setup token becomes a payment token, saved as the workspace's method; answers the
   * method's uid. Only the workspace that started it completes it; twice answers the same method.
   */
  async completeSetup(workspace: WorkspaceRow, setupTokenId: string, makeDefault: boolean): Promise<string> {
    const id = setupTokenId.trim();
    const [setup] =
      id.length > 0 && id.length <= 64
        ? await this.db.select().from(paypalVaultSetups).where(eq(paypalVaultSetups.setupTokenId, id))
        : [];
    if (!setup) throw invalid(M.paypalSetupUnknown, 'setupTokenId');
    if (setup.workspaceId !== workspace.id) throw permissionDenied();
    if (setup.paymentMethodId) return setup.paymentMethodId;
    let token: PayPalPaymentTokenView;
    try {
      token = await this.paypal.createPaymentToken(id, `vault-token-${id}`);
    } catch (error) {
      if (error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500) {
        this.options.log.warn({ err: error, setupToken: id }, 'payments: PayPal refused the payment token');
        throw invalid(M.paypalSetupNotApproved, 'setupTokenId');
      }
      this.options.log.error({ err: error, setupToken: id }, 'payments: PayPal did not create the token');
      throw refused(M.paypalConnectUnreachable);
    }
    const methodId = await this.store(workspace, token, makeDefault);
    await this.db
      .update(paypalVaultSetups)
      .set({ paymentMethodId: methodId, completedAt: new Date(this.now()) })
      .where(eq(paypalVaultSetups.setupTokenId, id));
    this.options.publish(workspace.contractUid);
    return methodId;
  }

  /** Saves a payment token as a method once (by the token id): the browser and a webhook may both. */
  private async store(
    workspace: { id: string },
    token: PayPalPaymentTokenView,
    makeDefault: boolean,
  ): Promise<string> {
    return this.db.transaction(async (txDb) => {
      const tx = txDb as unknown as Db;
      // one at a time per token: the browser's completion and PayPal's webhook may race
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${token.id}))`);
      const [known] = await tx
        .select()
        .from(paypalPaymentTokens)
        .where(eq(paypalPaymentTokens.paymentTokenId, token.id));
      if (known) return known.paymentMethodId;
      const [method] = await tx
        .insert(paymentMethods)
        .values({
          workspaceId: workspace.id,
          // ours, shown to the browser; PayPal's token id stays in paypal_payment_tokens
          methodId: `ppvault_${randomBytes(10).toString('hex')}`,
          methodType: 'PAYPAL',
          effectiveFrom: new Date(this.now()),
          paypalCountry: token.country || null,
          paypalPayerId: token.payerId || null,
          paypalPayerEmail: token.email || null,
        })
        .returning({ id: paymentMethods.id });
      await tx.insert(paypalPaymentTokens).values({
        paymentMethodId: method!.id,
        workspaceId: workspace.id,
        paymentTokenId: token.id,
        customerId: token.customerId,
        createdAt: new Date(this.now()),
      });
      if (token.customerId)
        await tx
          .insert(paymentCustomers)
          .values({ workspaceId: workspace.id, provider: 'PAYPAL', customerId: token.customerId })
          .onConflictDoNothing();
      const values = { workspaceId: workspace.id, paymentMethodId: method!.id };
      if (makeDefault)
        await tx
          .insert(paymentMethodDefaults)
          .values(values)
          .onConflictDoUpdate({
            target: paymentMethodDefaults.workspaceId,
            set: { paymentMethodId: method!.id },
          });
      else await tx.insert(paymentMethodDefaults).values(values).onConflictDoNothing();
      return method!.id;
    });
  }

  /** The live payment token behind a method, or null (a card, a sandbox PayPal, a deleted token). */
  async tokenOf(paymentMethodId: string | null): Promise<string | null> {
    if (!paymentMethodId) return null;
    const [row] = await this.db
      .select()
      .from(paypalPaymentTokens)
      .where(
        and(eq(paypalPaymentTokens.paymentMethodId, paymentMethodId), isNull(paypalPaymentTokens.deletedAt)),
      );
    return row?.paymentTokenId ?? null;
  }

  /**
   * Before a vaulted method is removed: its token is deleted at PayPal (one PayPal no longer has
   * counts as deleted). PayPal unreachable: refused, the method stays (nothing half removed).
   */
  async deleteToken(paymentMethodId: string): Promise<boolean> {
    const token = await this.tokenOf(paymentMethodId);
    if (!token) return false;
    try {
      await this.paypal.deletePaymentToken(token);
    } catch (error) {
      this.options.log.error(
        { err: error, method: paymentMethodId },
        'payments: PayPal did not delete a token',
      );
      throw refused(M.paypalRemoveUnreachable, 'uid');
    }
    await this.db
      .update(paypalPaymentTokens)
      .set({ deletedAt: new Date(this.now()) })
      .where(eq(paypalPaymentTokens.paymentMethodId, paymentMethodId));
    return true;
  }

  /**
   * `VAULT.PAYMENT-TOKEN.CREATED`: a token of a customer we know, not saved yet (the browser's answer
   * was lost), is saved; `VAULT.PAYMENT-TOKEN.DELETED`: its method ends. Both idempotent.
   */
  // biome-ignore lint/suspicious/noExplicitAny: PayPal's payment token JSON
  async receiveEvent(eventType: string, resource: any): Promise<void> {
    const tokenId = typeof resource?.id === 'string' ? resource.id : '';
    if (!tokenId) return;
    if (eventType === 'VAULT.PAYMENT-TOKEN.CREATED') {
      const customerId = String(resource.customer?.id ?? '');
      const [owner] = customerId
        ? await this.db
            .select({ workspaceId: paymentCustomers.workspaceId, contractUid: workspaces.contractUid })
            .from(paymentCustomers)
            .innerJoin(workspaces, eq(workspaces.id, paymentCustomers.workspaceId))
            .where(and(eq(paymentCustomers.provider, 'PAYPAL'), eq(paymentCustomers.customerId, customerId)))
        : [];
      const paypal = resource.payment_source?.paypal;
      if (!owner || !paypal) {
        this.options.log.info({ token: tokenId }, 'payments: a PayPal token of no known customer ignored');
        return;
      }
      const [known] = await this.db
        .select()
        .from(paypalPaymentTokens)
        .where(eq(paypalPaymentTokens.paymentTokenId, tokenId));
      if (known) return;
      await this.store(
        { id: owner.workspaceId },
        {
          id: tokenId,
          customerId,
          email: String(paypal.email_address ?? ''),
          payerId: String(paypal.payer_id ?? ''),
          country: String(paypal.address?.country_code ?? ''),
        },
        false,
      );
      this.options.publish(owner.contractUid);
      return;
    }
    if (eventType === 'VAULT.PAYMENT-TOKEN.DELETED') {
      const [row] = await this.db
        .select({ token: paypalPaymentTokens, contractUid: workspaces.contractUid })
        .from(paypalPaymentTokens)
        .innerJoin(workspaces, eq(workspaces.id, paypalPaymentTokens.workspaceId))
        .where(eq(paypalPaymentTokens.paymentTokenId, tokenId));
      if (!row || row.token.deletedAt) return;
      const at = new Date(this.now());
      await this.db
        .update(paypalPaymentTokens)
        .set({ deletedAt: at })
        .where(eq(paypalPaymentTokens.paymentTokenId, tokenId));
      await this.db
        .update(paymentMethods)
        .set({ effectiveTill: at })
        .where(and(eq(paymentMethods.id, row.token.paymentMethodId), isNull(paymentMethods.effectiveTill)));
      await this.db
        .delete(paymentMethodDefaults)
        .where(eq(paymentMethodDefaults.paymentMethodId, row.token.paymentMethodId));
      this.options.publish(row.contractUid);
    }
  }
}
