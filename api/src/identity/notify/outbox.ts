import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { outboxMessages } from '../../db/schema.js';
import type { Mailer, SmsSender } from './types.js';

/**
 * The embedded drivers: a message is a row in `outbox_messages`, and a log line, so a developer (or an
 * e2e test, through `GET /_dev/outbox`) can read codes and links without a mail server.
 */
export function outboxMailer(db: Db, logger: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({ channel: 'email', ...message, html: message.html ?? null });
      logger.info({ outbox: 'email', to: message.to, subject: message.subject, text: message.text }, 'mail');
    },
  };
}

export function outboxSms(db: Db, logger: FastifyBaseLogger): SmsSender {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({ channel: 'sms', to: message.to, text: message.text });
      logger.info({ outbox: 'sms', to: message.to, text: message.text }, 'sms');
    },
  };
}

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** One address's messages (an e-mail address or an E.164 number), newest first. */
export async function readOutbox(db: Db, to: string): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to)))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  }));
}
