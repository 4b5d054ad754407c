import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { computeInstances } from '../compute/tables.js';
import type { Db } from '../db/client.js';
import { authorizedPeople, invoices, users, workspaceEmployees, workspaces } from '../db/schema.js';
import type { PortalPubSub } from '../graphql/pubsub.js';
import type { Mailer } from '../identity/notify/types.js';
import { ALLOWED_TYPES, allowedExtension, REQUIRED, SUPPORT_LIMITS, SUPPORT_MESSAGES } from './limits.js';
import { attachmentQuotaRefusal } from './quota.js';
import { htmlToText } from './repository.js';
import type { AttachmentStorage } from './storage.js';
import { supportAttachments, supportMessages, supportThreads } from './tables.js';

/** The name answers carry in From. */
export const SUPPORT_DESK_NAME = 'Portal Cloud Support';

/** The automatic first answer (when `PORTAL_SUPPORT_AUTO_ACK=1`). */
export const AUTO_ACK_BODY =
  '<p>Thank you for your message. Our support team has it and will answer you here soon; we are available 24x7.</p>';

/** A refusal of a send: the message and the input field it names. */
export class SupportRefusal extends Error {
  constructor(
    message: string,
    readonly field: string,
    readonly code = 'INVALID_INPUT',
  ) {
    super(message);
  }
}

export interface IncomingFile {
  name: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}

export interface SupportServiceOptions {
  /** Where e-mail links point (`PORTAL_PUBLIC_URL`). */
  publicUrl: string;
  /** Answer every new thread at once with `AUTO_ACK_BODY`. */
  autoAcknowledge: boolean;
}

interface Author {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/**
 * The writes of support: a customer's message (validated whole before anything is stored), the
 * desk's answer (toast and e-mail to the customer), and the events that follow every change (the
 * workspace's unread count, the list). Reads are in `repository.ts`.
 */
export class SupportService {
  constructor(
    readonly db: Db,
    readonly pubsub: PortalPubSub,
    readonly storage: AttachmentStorage,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    readonly options: SupportServiceOptions,
  ) {}

  /** Tells every open tab of the workspace: its unread counts and its message list changed. */
  changed(contractUid: string, threadUid: string): void {
    this.pubsub.publish('workspaceChanged', contractUid, { contractUid });
    this.pubsub.publish('supportChanged', contractUid, { contractUid, threadUid });
  }

  /**
   * Tells every open tab of the user that `me` changed: their `me.env.unreadDirectMessages` (unread
   * answers in threads they started) moved. Called for the thread's starter only: nobody else's
   * direct count can change.
   */
  directChanged(userId: string): void {
    this.pubsub.publish('meChanged', userId, { userId });
  }

  /** Checks a customer's message whole; throws the first refusal (with its field). */
  validate(input: { subject?: string | null; body: string; isReply: boolean; files: IncomingFile[] }): {
    subject: string | null;
    body: string;
  } {
    const subject = input.isReply ? null : (input.subject ?? '').trim();
    if (subject !== null && subject === '') throw new SupportRefusal(REQUIRED, 'subject');
    if (subject !== null && subject.length > SUPPORT_LIMITS.maxSubjectLength)
      throw new SupportRefusal(SUPPORT_MESSAGES.subjectTooLong, 'subject');
    const body = input.body.replace(/\r\n/g, '\n').trim();
    if (body === '') throw new SupportRefusal(REQUIRED, 'body');
    if (body.length > SUPPORT_LIMITS.maxBodyLength)
      throw new SupportRefusal(SUPPORT_MESSAGES.bodyTooLong, 'body');
    if (input.files.length > SUPPORT_LIMITS.maxFiles)
      throw new SupportRefusal(SUPPORT_MESSAGES.tooManyFiles, 'attachments');
    let total = 0;
    for (const file of input.files) {
      if (!allowedExtension(file.name))
        throw new SupportRefusal(SUPPORT_MESSAGES.fileType(file.name), 'attachments');
      if (file.size > SUPPORT_LIMITS.maxFileBytes)
        throw new SupportRefusal(SUPPORT_MESSAGES.fileTooLarge(file.name), 'attachments');
      if (file.size === 0) throw new SupportRefusal(SUPPORT_MESSAGES.emptyFile(file.name), 'attachments');
      total += file.size;
    }
    if (total > SUPPORT_LIMITS.maxTotalBytes)
      throw new SupportRefusal(SUPPORT_MESSAGES.totalTooLarge, 'attachments');
    return { subject, body };
  }

  /** The instance or invoice a new thread is about must be of its workspace. */
  async checkSubjectOf(workspaceId: string, instanceUid?: string | null, invoiceUid?: string | null) {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    if (instanceUid) {
      const [row] = uuid.test(instanceUid)
        ? await this.db
            .select({ id: computeInstances.id })
            .from(computeInstances)
            .where(and(eq(computeInstances.id, instanceUid), eq(computeInstances.workspaceId, workspaceId)))
        : [];
      if (!row) throw new SupportRefusal(SUPPORT_MESSAGES.instanceNotInWorkspace, 'instanceUid');
    }
    if (invoiceUid) {
      const [row] = uuid.test(invoiceUid)
        ? await this.db
            .select({ id: invoices.id })
            .from(invoices)
            .where(and(eq(invoices.id, invoiceUid), eq(invoices.workspaceId, workspaceId)))
        : [];
      if (!row) throw new SupportRefusal(SUPPORT_MESSAGES.invoiceNotInWorkspace, 'invoiceUid');
    }
  }

  /**
   * Stores a customer's (already validated) message: the files first (removed again if the rows
   * cannot be written), then thread, message and attachments in one transaction. Returns the thread id.
   */
  async send(input: {
    workspace: { id: string; contractUid: string };
    author: Author;
    thread: { id: string; subject: string } | null;
    subject: string | null;
    body: string;
    instanceUid?: string | null;
    invoiceUid?: string | null;
    files: IncomingFile[];
  }): Promise<string> {
    const stored: { key: string; name: string; size: number; contentType: string }[] = [];
    // the storage quota and the hourly uploads: checked before anything is written, and again
    // under the lock of the transaction that records the files
    const allowance = {
      workspaceId: input.workspace.id,
      userId: input.author.id,
      files: input.files.length,
      bytes: input.files.reduce((sum, file) => sum + file.size, 0),
    };
    const refused = await attachmentQuotaRefusal(this.db, allowance);
    if (refused) throw new SupportRefusal(refused.message, 'attachments', refused.code);
    try {
      for (const file of input.files) {
        const bytes = await file.bytes();
        const contentType = ALLOWED_TYPES[allowedExtension(file.name)!]!;
        const key = await this.storage.put(bytes, contentType);
        stored.push({ key, name: file.name.slice(0, 255), size: bytes.byteLength, contentType });
      }
      const threadId = await this.db.transaction(async (tx) => {
        const overQuota = await attachmentQuotaRefusal(tx as unknown as Db, { ...allowance, lock: true });
        if (overQuota) throw new SupportRefusal(overQuota.message, 'attachments', overQuota.code);
        const subject = input.thread?.subject ?? input.subject!;
        let threadId = input.thread?.id;
        if (!threadId) {
          const [thread] = await tx
            .insert(supportThreads)
            .values({
              workspaceId: input.workspace.id,
              subject,
              instanceId: input.instanceUid || null,
              invoiceId: input.invoiceUid || null,
              createdById: input.author.id,
            })
            .returning({ id: supportThreads.id });
          threadId = thread!.id;
        }
        const name = `${input.author.firstName} ${input.author.lastName}`.trim() || input.author.email;
        const [message] = await tx
          .insert(supportMessages)
          .values({
            threadId,
            workspaceId: input.workspace.id,
            author: 'customer',
            authorId: input.author.id,
            authorName: name,
            subject,
            body: input.body,
            bodyText: input.body,
          })
          .returning({ id: supportMessages.id });
        if (stored.length > 0) {
          await tx.insert(supportAttachments).values(
            stored.map((file) => ({
              messageId: message!.id,
              name: file.name,
              contentType: file.contentType,
              size: file.size,
              storageKey: file.key,
            })),
          );
        }
        return threadId;
      });
      this.changed(input.workspace.contractUid, threadId);
      if (!input.thread && this.options.autoAcknowledge) {
        await this.answer(threadId, AUTO_ACK_BODY);
      }
      return threadId;
    } catch (error) {
      await Promise.all(stored.map((file) => this.storage.delete(file.key).catch(() => undefined)));
      throw error;
    }
  }

  /**
   * The support desk answers a thread (HTML, stored as given: the portal sanitises it where it is
   * rendered): the workspace's unread counts rise, its users get a toast, and whoever started the
   * thread an e-mail (outbox by default, SMTP when configured).
   */
  async answer(threadId: string, html: string): Promise<{ messageId: string }> {
    const [thread] = await this.db.select().from(supportThreads).where(eq(supportThreads.id, threadId));
    if (!thread) throw new Error('no such thread');
    const text = htmlToText(html);
    const [message] = await this.db
      .insert(supportMessages)
      .values({
        threadId,
        workspaceId: thread.workspaceId,
        author: 'support',
        authorName: SUPPORT_DESK_NAME,
        subject: thread.subject,
        body: html,
        bodyText: text,
      })
      .returning({ id: supportMessages.id });
    const { contractUid, recipients } = await this.audience(thread.workspaceId);
    this.changed(contractUid, threadId);
    const starter = recipients.find((user) => user.id === thread.createdById);
    // the starter's direct count rose (one who no longer sees the workspace counts none of it)
    if (starter) this.directChanged(starter.id);
    const notice = `New answer from support: ${thread.subject}`;
    for (const user of recipients)
      this.pubsub.publish('notifications', user.id, { type: 'info', message: notice });
    if (starter) {
      try {
        await this.mailer.send({
          to: starter.email,
          subject: `Re: ${thread.subject}`,
          text: [
            `Hello ${starter.firstName || starter.email},`,
            '',
            'support has answered your message:',
            '',
            text,
            '',
            `Read and reply in the portal: ${this.options.publicUrl}/support?thread=${threadId}`,
            '',
            `${SUPPORT_DESK_NAME} (available 24x7)`,
          ].join('\n'),
        });
      } catch (error) {
        this.log.error({ err: error, thread: threadId }, 'support: answer mail failed');
      }
    }
    return { messageId: message!.id };
  }

  /** The workspace's contract and the users who see it (employees and active authorized people). */
  private async audience(workspaceId: string) {
    const [workspace] = await this.db
      .select({ contractUid: workspaces.contractUid })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    const asEmployee = this.db
      .select({ id: workspaceEmployees.userId })
      .from(workspaceEmployees)
      .where(eq(workspaceEmployees.workspaceId, workspaceId));
    const asPerson = this.db
      .select({ id: authorizedPeople.userId })
      .from(authorizedPeople)
      .where(and(eq(authorizedPeople.workspaceId, workspaceId), eq(authorizedPeople.loginStatus, 'ACTIVE')));
    const recipients = await this.db
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(or(inArray(users.id, asEmployee), inArray(users.id, asPerson)));
    return { contractUid: workspace!.contractUid, recipients };
  }
}
