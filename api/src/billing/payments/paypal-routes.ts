import type { FastifyInstance } from 'fastify';
import { WebhookSignatureError } from './driver.js';
import type { PaymentsService } from './service.js';

export const PAYPAL_WEBHOOK_PATH = '/api/payments/paypal/webhook';

/**
 * `POST /api/payments/paypal/webhook`: PayPal's events (`PAYMENT.CAPTURE.COMPLETED`, `.DENIED`,
 * `.REFUNDED`), verified with PayPal's `verify-webhook-signature` (`PAYPAL_WEBHOOK_ID`). A bad
 * signature (or PayPal not configured) answers 400 and is logged, nothing applied; a good one 200
 * once applied, or once queued for retry (with pg-boss); with PGlite an error answers 500, so
 * PayPal delivers it again.
 */
export function registerPayPalRoutes(app: FastifyInstance, payments: PaymentsService): void {
  app.register(async (scope) => {
    // verified as delivered: keep the body as a string
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(PAYPAL_WEBHOOK_PATH, { bodyLimit: 256 * 1024 }, async (request, reply) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      try {
        const event = await payments.receivePayPalWebhook(raw, request.headers);
        return reply.code(200).send({ received: true, id: event.id });
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ problem: error.message }, 'payments: PayPal webhook refused (bad signature)');
          return reply.code(400).send({ error: 'Webhook signature verification failed.' });
        }
        request.log.error({ err: error }, 'payments: PayPal webhook failed; PayPal will deliver it again');
        return reply.code(500).send({ error: 'The event could not be applied.' });
      }
    });
  });
}
