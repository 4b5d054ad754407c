import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentMethods, type User, workspaces } from '../../db/schema.js';
import type { WorkspaceRow } from '../../workspaces/index.js';
import { withParams } from './return-url.js';
import { sandboxPaypalConnections } from './tables.js';

export interface SandboxConnectionDeps {
  db: Db;
  now: () => number;
  setDefault: (workspaceId: string, methodId: string) => Promise<unknown>;
  publish: (contractUid: string) => void;
}

/** The sandbox's PayPal connection pages: a page on the api approves the connection (README). */
export class SandboxPayPalConnections {
  constructor(private readonly deps: SandboxConnectionDeps) {}

  /** Opens a pending connection for a checked return URL; answers the approval page's path. */
  async open(workspace: WorkspaceRow, user: User, returnUrl: string): Promise<string> {
    const token = `PPC-${randomBytes(12).toString('hex').toUpperCase()}`;
    await this.deps.db.insert(sandboxPaypalConnections).values({
      token,
      workspaceId: workspace.id,
      payerEmail: user.email,
      returnUrl,
      status: 'pending',
      createdAt: new Date(this.deps.now()),
    });
    return `/sandbox/paypal/connect/${token}`;
  }

  async find(token: string) {
    const [row] = await this.deps.db
      .select()
      .from(sandboxPaypalConnections)
      .where(eq(sandboxPaypalConnections.token, token));
    return row ?? null;
  }

  /** The approval page's answer; answers where the browser returns. */
  async finish(token: string, approve: boolean): Promise<string | null> {
    const row = await this.find(token);
    if (!row) return null;
    if (row.status !== 'pending')
      return withParams(row.returnUrl, { paypal: row.status === 'approved' ? 'connected' : 'canceled' });
    const [workspace] = await this.deps.db
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, row.workspaceId));
    if (!workspace) return null;
    if (approve) {
      const pmId = `pm_paypal_${randomBytes(10).toString('hex')}`;
      const [inserted] = await this.deps.db
        .insert(paymentMethods)
        .values({
          workspaceId: workspace.id,
          methodId: pmId,
          methodType: 'PAYPAL',
          effectiveFrom: new Date(this.deps.now()),
          paypalCountry: workspace.currency === 'USD' ? 'US' : 'DE',
          paypalPayerId: randomBytes(7).toString('hex').toUpperCase(),
          paypalPayerEmail: row.payerEmail,
        })
        .returning({ id: paymentMethods.id });
      await this.deps.setDefault(workspace.id, inserted!.id);
    }
    await this.deps.db
      .update(sandboxPaypalConnections)
      .set({ status: approve ? 'approved' : 'canceled' })
      .where(eq(sandboxPaypalConnections.token, token));
    this.deps.publish(workspace.contractUid);
    return withParams(row.returnUrl, { paypal: approve ? 'connected' : 'canceled' });
  }
}
