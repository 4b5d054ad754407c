import type { IdentityServices } from '../identity/context.js';
import type { MailMessage, SmsMessage } from '../identity/notify/types.js';
import type { JobQueue } from './queue.js';

/** A mail or SMS the gateway refused is tried again 30 s, 1, 2, 4 and 8 minutes later. */
export const DELIVERY_RETRIES = { retryLimit: 5, retryDelayS: 30, retryBackoff: true } as const;

/**
 * Mail and SMS go out as jobs (`mail.deliver`, `sms.deliver`) through the identity service's
 * drivers (SMTP, the SMS gateway, the outbox): a failed delivery is retried with backoff instead of
 * failing the request, and with pg-boss a delivery queued by a process that then stops is sent by
 * another. Every sender (identity, alerts, support) uses `identity.mailer`, so all of them do.
 */
export function queueDelivery(identity: IdentityServices, jobs: JobQueue): void {
  const { mailer, sms } = identity;
  void jobs.define<MailMessage>('mail.deliver', (message) => mailer.send(message), DELIVERY_RETRIES);
  void jobs.define<SmsMessage>('sms.deliver', (message) => sms.send(message), DELIVERY_RETRIES);
  identity.mailer = { send: (message) => jobs.send('mail.deliver', message) };
  identity.sms = { send: (message) => jobs.send('sms.deliver', message) };
}
