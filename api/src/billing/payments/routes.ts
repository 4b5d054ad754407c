import type { FastifyInstance, FastifyReply } from 'fastify';
import { fromCents } from '../money.js';
import { formatMoney, PROVIDER } from '../pdf.js';
import type { CardInput } from './cards.js';
import { WebhookSignatureError } from './driver.js';
import { checkReturnUrl, withParams } from './return-url.js';
import { SandboxError } from './sandbox.js';
import type { PaymentsService } from './service.js';
import { SIGNATURE_HEADER } from './webhook-signature.js';

export const WEBHOOK_PATH = '/api/payments/webhook';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The payments' HTTP surface (README, "Payments"):
 * - `POST /api/payments/webhook`: the provider's events (raw body, `Stripe-Signature`); a bad
 *   signature answers 400 and is logged, nothing applied; a good one answers 200 once applied, or
 *   once queued for retry (`payments.webhook`, with pg-boss); with PGlite an error answers 500, so
 *   the provider delivers it again.
 * - the sandbox (only when it is the driver): Stripe's REST endpoints for the browser under
 *   `/sandbox/stripe/v1/`, the 3-D Secure page and PayPal's approval pages.
 */
export function registerPaymentRoutes(
  app: FastifyInstance,
  payments: PaymentsService,
  publicUrl: string,
): void {
  app.register(async (scope) => {
    // the signature is over the exact bytes: keep the body as a string here
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(WEBHOOK_PATH, { bodyLimit: 256 * 1024 }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[SIGNATURE_HEADER];
      try {
        const event = await payments.receiveWebhook(
          raw,
          typeof signature === 'string' ? signature : undefined,
        );
        return reply.code(200).send({ received: true, id: event.id });
      } catch (error) {
        if (error instanceof WebhookSignatureError || error instanceof SyntaxError) {
          request.log.warn({ problem: error.message }, 'payments: webhook refused (bad signature)');
          return reply.code(400).send({ error: 'Webhook signature verification failed.' });
        }
        request.log.error({ err: error }, 'payments: webhook failed; the provider will deliver it again');
        return reply.code(500).send({ error: 'The event could not be applied.' });
      }
    });
  });

  const sandbox = payments.sandbox;
  if (!sandbox) return;

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const fail = (reply: FastifyReply, error: unknown) => {
      if (error instanceof SandboxError) return reply.code(error.status).send(error.toJson());
      throw error;
    };
    const returnUrlOf = (raw: unknown, reply: FastifyReply): string | null | undefined => {
      if (raw === undefined || raw === null || raw === '') return null;
      const url = typeof raw === 'string' ? checkReturnUrl(raw, publicUrl) : null;
      if (!url) {
        void reply
          .code(400)
          .send(
            new SandboxError(
              400,
              'url_invalid',
              'return_url must be a page of the portal.',
              'return_url',
            ).toJson(),
          );
        return undefined;
      }
      return url;
    };

    const confirmRoute = (kind: 'payment_intents' | 'setup_intents') =>
      scope.post(`/sandbox/stripe/v1/${kind}/:id/confirm`, async (request, reply) => {
        const { id } = request.params as { id: string };
        // biome-ignore lint/suspicious/noExplicitAny: the client's JSON, checked field by field below
        const body = (request.body ?? {}) as any;
        const returnUrl = returnUrlOf(body.return_url, reply);
        if (returnUrl === undefined) return reply;
        try {
          const intentPrefix = kind === 'payment_intents' ? 'pi_' : 'seti_';
          if (!id.startsWith(intentPrefix))
            throw new SandboxError(404, 'resource_missing', `No such intent: '${id}'`, 'intent');
          let card: CardInput | undefined;
          const data = body.payment_method_data;
          if (data !== undefined) {
            const c = data?.card;
            if (data?.type !== 'card' || typeof c !== 'object' || c === null)
              throw new SandboxError(
                400,
                'parameter_invalid',
                'payment_method_data must be a card.',
                'payment_method_data',
              );
            card = {
              number: typeof c.number === 'string' ? c.number : '',
              expMonth: Number(c.exp_month),
              expYear: Number(c.exp_year) < 100 ? 2000 + Number(c.exp_year) : Number(c.exp_year),
              cvc: typeof c.cvc === 'string' ? c.cvc : String(c.cvc ?? ''),
            };
          } else if (typeof body.payment_method !== 'string' && kind === 'setup_intents') {
            throw new SandboxError(
              400,
              'parameter_missing',
              'Missing required param: payment_method_data.',
              'payment_method_data',
            );
          }
          await sandbox.withSecret(id, body.client_secret);
          if (returnUrl) await sandbox.setReturnUrl(id, returnUrl);
          const intent = await sandbox.confirm(id, body.client_secret, {
            ...(card ? { card } : {}),
            ...(typeof body.payment_method === 'string' ? { paymentMethod: body.payment_method } : {}),
          });
          return sandbox.json(intent);
        } catch (error) {
          return fail(reply, error);
        }
      });
    confirmRoute('payment_intents');
    confirmRoute('setup_intents');

    for (const kind of ['payment_intents', 'setup_intents'] as const) {
      scope.get(`/sandbox/stripe/v1/${kind}/:id`, async (request, reply) => {
        const { id } = request.params as { id: string };
        const { client_secret } = request.query as { client_secret?: string };
        try {
          return sandbox.json(await sandbox.withSecret(id, client_secret));
        } catch (error) {
          return fail(reply, error);
        }
      });
    }

    // --- pages ---------------------------------------------------------------------------------

    const page = (reply: FastifyReply, title: string, body: string, status = 200) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#f3f2f1;margin:0;padding:24px 16px;color:#242424}
main{max-width:420px;margin:8vh auto;background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.14);padding:24px}
h1{font-size:20px;margin:0 0 4px}.tag{display:inline-block;font-size:12px;background:#fff4ce;color:#8a5300;border-radius:4px;padding:2px 6px;margin-bottom:16px}
p{line-height:1.5}.amount{font-size:28px;font-weight:600;margin:8px 0 16px}form{display:flex;gap:8px;flex-wrap:wrap;margin-top:20px}
button{flex:1 1 140px;font:inherit;font-weight:600;border-radius:4px;padding:10px 16px;cursor:pointer;border:1px solid #d1d1d1;background:#fff}
p.to{color:#616161;font-size:14px;margin-top:-8px}button.primary{background:#0f6cbd;border-color:#0f6cbd;color:#fff}
</style></head><body><main>${body}</main></body></html>`);

    // the spec's symbol rule, as on the invoices (cents to a decimal string without a float)
    const money = (amount: unknown, currency: unknown) =>
      formatMoney(fromCents(BigInt(amount as number)), String(currency).toUpperCase());

    const intentPage = (prefix: '/sandbox/stripe/3ds' | '/sandbox/paypal/checkout') => {
      scope.get(`${prefix}/:id`, async (request, reply) => {
        const { id } = request.params as { id: string };
        const { client_secret } = request.query as { client_secret?: string };
        try {
          const intent = await sandbox.withSecret(id, client_secret);
          const json = sandbox.json(intent);
          const paypal = prefix === '/sandbox/paypal/checkout';
          const amount =
            json.amount !== undefined
              ? `<div class="amount">${escapeHtml(money(json.amount, json.currency))}</div>`
              : '';
          if (intent.status !== 'requires_action')
            return page(
              reply,
              'Nothing to confirm',
              `<h1>Nothing to confirm</h1><p>This payment has no step waiting here.</p>`,
              409,
            );
          const buttons = paypal
            ? ['approve', 'Approve', 'fail', 'Cancel']
            : ['approve', 'Complete authentication', 'fail', 'Fail authentication'];
          return page(
            reply,
            paypal ? 'PayPal (sandbox)' : '3-D Secure (sandbox)',
            `<h1>${paypal ? 'Pay with PayPal' : '3-D Secure authentication'}</h1><span class="tag">Sandbox: no real money</span>
${amount}<p class="to">To ${escapeHtml(PROVIDER.name)}${json.statement_descriptor ? ` · ${escapeHtml(String(json.statement_descriptor))}` : ''}</p><p>${paypal ? 'Approve the payment with the sandbox PayPal account buyer@example.com, or cancel it.' : 'Your bank asks you to confirm this payment. Complete the authentication or fail it to test both outcomes.'}</p>
<form method="post"><input type="hidden" name="client_secret" value="${escapeHtml(String(client_secret))}">
<button class="primary" name="outcome" value="${buttons[0]}">${buttons[1]}</button><button name="outcome" value="${buttons[2]}">${buttons[3]}</button></form>`,
          );
        } catch (error) {
          if (error instanceof SandboxError)
            return page(
              reply,
              'Not found',
              `<h1>Not found</h1><p>${escapeHtml(error.message)}</p>`,
              error.status,
            );
          throw error;
        }
      });
      scope.post(`${prefix}/:id`, async (request, reply) => {
        const { id } = request.params as { id: string };
        const body = (request.body ?? {}) as { client_secret?: string; outcome?: string };
        try {
          const outcome = body.outcome === 'approve' ? 'approve' : 'fail';
          const intent = await sandbox.authenticate(id, body.client_secret, outcome);
          const returnUrl = (await sandbox.returnUrlOf(id)) ?? '/';
          const prefixKey = intent.object === 'payment_intent' ? 'payment_intent' : 'setup_intent';
          return reply.redirect(
            withParams(returnUrl, {
              [prefixKey]: intent.id,
              [`${prefixKey}_client_secret`]: intent.clientSecret,
              redirect_status:
                intent.status === 'succeeded' || intent.status === 'processing' ? 'succeeded' : 'failed',
            }),
            303,
          );
        } catch (error) {
          if (error instanceof SandboxError)
            return page(
              reply,
              'Not possible',
              `<h1>Not possible</h1><p>${escapeHtml(error.message)}</p>`,
              error.status,
            );
          throw error;
        }
      });
    };
    intentPage('/sandbox/stripe/3ds');
    intentPage('/sandbox/paypal/checkout');

    scope.get('/sandbox/paypal/connect/:token', async (request, reply) => {
      const { token } = request.params as { token: string };
      const row = await payments.paypalConnection(token);
      if (row?.status !== 'pending')
        return page(
          reply,
          'Not found',
          '<h1>Not found</h1><p>This PayPal connection is not waiting for approval.</p>',
          404,
        );
      return page(
        reply,
        'PayPal (sandbox)',
        `<h1>Connect PayPal</h1><span class="tag">Sandbox: no real account</span>
<p>Allow the portal to charge the PayPal account <strong>${escapeHtml(row.payerEmail)}</strong> for future payments?</p>
<form method="post"><button class="primary" name="outcome" value="approve">Approve</button><button name="outcome" value="cancel">Cancel</button></form>`,
      );
    });
    scope.post('/sandbox/paypal/connect/:token', async (request, reply) => {
      const { token } = request.params as { token: string };
      const body = (request.body ?? {}) as { outcome?: string };
      const target = await payments.finishPayPalConnection(token, body.outcome === 'approve');
      if (!target)
        return page(
          reply,
          'Not found',
          '<h1>Not found</h1><p>This PayPal connection does not exist.</p>',
          404,
        );
      return reply.redirect(target, 303);
    });
  });
}
