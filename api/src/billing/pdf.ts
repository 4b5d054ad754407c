import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { GraphQLError } from 'graphql';
import PDFDocument from 'pdfkit';
import { accounts, invoices, workspaces } from '../db/schema.js';
import { type GraphqlServices, httpContext, type Viewer } from '../graphql/context.js';
import { DOWNLOADS_LIMITED } from '../graphql/downloads.js';
import { PERMISSION_DENIED, SIGNATURE_EXPIRED } from '../graphql/errors.js';
import type { Invoice } from '../graphql/generated/resolvers.js';
import { requireBillingWorkspace } from './access.js';
import { utcDate } from './ledger.js';
import { UUID, workspaceInvoice } from './repository.js';
import { invoiceLines } from './tables.js';

/**
 * The provider on every invoice. A deployment's own details belong in configuration (next step of
 * issue 11: `PORTAL_PROVIDER_*`); these are the demo's.
 */
export const PROVIDER = {
  name: 'Portal Cloud Hosting GmbH',
  address: ['Hafenstraße 12', '20457 Hamburg', 'Germany'],
  vatId: 'DE123456789',
  email: 'billing@example.com',
} as const;

/** Spec section 9: EUR gives the euro sign, USD the dollar sign, anything else its code after. */
export function formatMoney(amount: string, currency: string): string {
  const negative = amount.startsWith('-');
  const [whole, fraction = '00'] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const symbol = currency === 'EUR' ? '€' : currency === 'USD' ? '$' : '';
  const text = symbol ? `${symbol}${grouped}.${fraction}` : `${grouped}.${fraction} ${currency}`;
  return negative ? `-${text}` : text;
}

interface PdfInput {
  invoice: Invoice;
  customer: { accountName: string; taxId: string; workspaceName: string; contractNumber: string };
  lines: { description: string; quantity: string; unitPrice: string; amount: string }[];
}

/** The invoice as a PDF (A4, the standard Helvetica: no font files to ship). */
export function renderInvoicePdf({ invoice, customer, lines }: PdfInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.number}`, Author: PROVIDER.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (amount: string) => formatMoney(amount, invoice.currency);
  const right = { width: 495 - 50, align: 'right' as const };

  doc.fontSize(10).font('Helvetica-Bold').text(PROVIDER.name, 50, 50);
  doc.font('Helvetica').text([...PROVIDER.address, `VAT ID ${PROVIDER.vatId}`, PROVIDER.email].join('\n'));
  doc.font('Helvetica-Bold').fontSize(20).text(`Invoice ${invoice.number}`, 50, 50, right);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Date invoiced: ${invoice.dateInvoiced}`, right);
  doc.text(`Date due: ${invoice.dateDue}`, right);
  doc.text(`Status: ${invoice.status.toLowerCase()}`, right);

  doc.moveDown(4).font('Helvetica-Bold').text('Bill to', 50);
  doc
    .font('Helvetica')
    .text(
      [
        customer.accountName,
        customer.taxId ? `Tax ID ${customer.taxId}` : null,
        `${customer.workspaceName}, contract ${customer.contractNumber}`,
      ]
        .filter(Boolean)
        .join('\n'),
    );

  doc.moveDown(2);
  const columns = { description: 50, quantity: 330, unit: 390, amount: 470 };
  const row = (cells: [string, string, string, string], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(cells[0], columns.description, y, { width: 270 });
    const after = doc.y;
    doc.text(cells[1], columns.quantity, y, { width: 50, align: 'right' });
    doc.text(cells[2], columns.unit, y, { width: 70, align: 'right' });
    doc.text(cells[3], columns.amount, y, { width: 75, align: 'right' });
    doc.y = Math.max(after, doc.y) + 4;
  };
  row(['Description', 'Qty', 'Unit price', 'Amount'], true);
  for (const line of lines) {
    row([line.description, line.quantity.replace(/\.?0+$/, ''), money(line.unitPrice), money(line.amount)]);
  }
  doc.moveDown();
  const total = (label: string, value: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    doc.text(label, 300, y, { width: 160, align: 'right' });
    doc.text(value, columns.amount, y, { width: 75, align: 'right' });
    doc.moveDown(0.3);
  };
  total('Net', money(invoice.netAmount));
  total(`VAT ${invoice.vatRate} %`, money(invoice.vatAmount));
  total('Total', money(invoice.amount), true);
  total('Amount due', money(invoice.amountDue), true);

  doc.moveDown(2).font('Helvetica');
  if (invoice.paymentAmount && invoice.paymentCreatedOn) {
    const on = new Date(invoice.paymentCreatedOn).toISOString().slice(0, 10);
    doc.text(
      `Payment received: ${formatMoney(invoice.paymentAmount, invoice.paymentCurrency ?? invoice.currency)} on ${on} by ${invoice.paymentCreatedBy ?? 'payment'}.`,
      50,
    );
  }
  if (invoice.status !== 'PAID') {
    doc.text(
      `Please pay ${money(invoice.amountDue)} by ${invoice.dateDue} in the portal (Billing, Make a Payment).`,
      50,
    );
  }
  doc.end();
  return done;
}

/**
 * `GET /api/invoices/:uid/pdf`: the invoice's PDF, for a signed-in member of its workspace (the
 * session cookie; the check is billing's one, `requireBillingWorkspace(…, 'view')`). Another
 * customer's invoice and an unknown uid answer the same 404, so the link reveals nothing. No session:
 * 403 with the permission message; a lapsed one: 401 'Signature has expired'.
 */
export function registerInvoicePdf(app: FastifyInstance, services: GraphqlServices) {
  app.get('/api/invoices/:uid/pdf', async (request, reply) => {
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
        workspaceId: workspaces.id,
        contractUid: workspaces.contractUid,
        workspaceName: workspaces.name,
        contractNumber: workspaces.number,
        accountName: accounts.name,
        taxId: accounts.taxId,
      })
      .from(invoices)
      .innerJoin(workspaces, eq(workspaces.id, invoices.workspaceId))
      .innerJoin(accounts, eq(accounts.id, workspaces.accountId))
      .where(eq(invoices.id, uid));
    if (!row) return notFound();
    try {
      await requireBillingWorkspace(ctx, row.contractUid, 'view');
    } catch (error) {
      if (error instanceof GraphQLError) return notFound();
      throw error;
    }
    const invoice = await workspaceInvoice(services.db, row.workspaceId, uid, utcDate(services.now()));
    if (!invoice) return notFound();
    const lines = await services.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, uid))
      .orderBy(asc(invoiceLines.position));
    const pdf = await renderInvoicePdf({ invoice, customer: row, lines });
    reply.header('content-type', 'application/pdf');
    // invoice numbers are ours (letters, digits, dashes): safe in a quoted filename
    reply.header(
      'content-disposition',
      `attachment; filename="${invoice.number.replace(/[^\w.-]/g, '_')}.pdf"`,
    );
    return reply.send(pdf);
  });
}
