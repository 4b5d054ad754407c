import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { SUPPORT_DESK_NAME } from './service.js';
import { supportMessageReads, supportMessages, supportThreads } from './tables.js';

/**
 * The demo's support conversations (part of `seedDemo`, inside its transaction): believable threads
 * of demo's workspaces (Nordwind Cloud with 3 unread answers, Alpha Web Hosting with 1, so the app
 * bar's badge shows a number) and Other Industries with 5,000 messages (2,500 threads, question and
 * answer, every answer read but the newest 2) for the paging and search figures. Written with
 * multi-row inserts (chunked); ids are fixed, so every run restores the same rows.
 */

const id = (table: number, n: number) =>
  `5eed0000-0000-4000-8000-${table.toString(16).padStart(4, '0')}${n.toString(16).padStart(8, '0')}`;

const HOUR_MS = 3600 * 1000;

export interface SupportSeedPeople {
  /** The workspaces whose support rows the seed replaces. */
  workspaceIds: string[];
  demo: { userId: string; name: string; cabinetId: string; legacyId: string; webshopId: string };
  other: { userId: string; name: string; workspaceId: string };
  /** An invoice of the cabinet workspace a thread is about. */
  cabinetInvoiceId: string;
}

interface SeedMessage {
  author: 'customer' | 'support';
  body: string;
  hoursAgo: number;
  read?: boolean;
}

interface SeedThread {
  workspaceId: string;
  subject: string;
  invoiceId?: string;
  messages: SeedMessage[];
}

const text = (html: string) =>
  html
    .replace(/<br\s*\/?>|<\/(p|li)>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\n+/g, '\n')
    .trim();

function demoThreads(p: SupportSeedPeople): SeedThread[] {
  const d = p.demo;
  return [
    {
      workspaceId: d.cabinetId,
      subject: 'Firewall blocks port 8443 on web-01',
      messages: [
        {
          author: 'customer',
          hoursAgo: 5,
          body: 'Hello,\n\nsince this morning our admin panel on port 8443 of web-01 is not reachable from outside. The firewall rules look right to me. Could you have a look?\n\nThanks',
        },
        {
          author: 'support',
          hoursAgo: 2,
          read: false,
          body: '<p>Hello,</p><p>thank you for the details. The rule set <b>web-default</b> allows only ports 80 and 443. Please add an inbound rule for <code>TCP 8443</code> in <i>Dashboard › Firewall</i>, or see our guide <a href="https://docs.example.com/firewall/rules">Firewall rules</a>.</p><p>Kind regards,<br>Portal Cloud Support</p>',
        },
      ],
    },
    {
      workspaceId: d.cabinetId,
      subject: 'VAT ID missing on invoice INV-2026-000201',
      invoiceId: p.cabinetInvoiceId,
      messages: [
        {
          author: 'customer',
          hoursAgo: 50,
          body: 'Hi,\n\nour VAT ID DE298765432 is missing on invoice INV-2026-000201. Our accounting needs a corrected invoice.\n\nBest regards',
        },
        {
          author: 'support',
          hoursAgo: 30,
          read: false,
          body: '<p>Hello,</p><p>we have added the VAT ID to your account and issued a corrected invoice. You find it under <i>Billing › Invoices</i>.</p><p>Kind regards,<br>Portal Cloud Support</p>',
        },
      ],
    },
    {
      workspaceId: d.cabinetId,
      subject: 'More IPv4 addresses for the load balancer',
      messages: [
        {
          author: 'customer',
          hoursAgo: 120,
          body: 'Hello,\n\nwe need four additional IPv4 addresses for our new load balancer setup. What do we need to provide?',
        },
        {
          author: 'support',
          hoursAgo: 100,
          read: true,
          body: '<p>Hello,</p><p>for additional addresses we need a short justification:</p><ul><li>the number of addresses,</li><li>what they are used for,</li><li>when you need them.</li></ul><p>Kind regards,<br>Portal Cloud Support</p>',
        },
        {
          author: 'customer',
          hoursAgo: 99,
          body: 'Four addresses, for TLS termination of four customer domains, by next Monday if possible.',
        },
        {
          author: 'support',
          hoursAgo: 20,
          read: false,
          body: '<p>Hello,</p><p>the four addresses are assigned to your workspace: <b>203.0.113.20–23</b>. They appear under <i>Network</i>.</p><p>Kind regards,<br>Portal Cloud Support</p>',
        },
      ],
    },
    {
      workspaceId: d.cabinetId,
      subject: 'Backup schedule for db-01',
      messages: [
        {
          author: 'customer',
          hoursAgo: 400,
          body: 'Can we move the nightly backup of db-01 from 02:00 to 04:00 UTC?',
        },
        {
          author: 'support',
          hoursAgo: 390,
          read: true,
          body: '<p>Done: the backup of db-01 now runs at 04:00 UTC.</p><p>Kind regards,<br>Portal Cloud Support</p>',
        },
        { author: 'customer', hoursAgo: 389, body: 'Great, thank you!' },
      ],
    },
    {
      workspaceId: d.cabinetId,
      subject: 'Reverse DNS for mail.nordwind.example',
      messages: [
        {
          author: 'customer',
          hoursAgo: 1,
          body: 'Please set the reverse DNS of 203.0.113.10 to mail.nordwind.example.',
        },
      ],
    },
    {
      workspaceId: d.legacyId,
      subject: 'Domain transfer of alpha-media.example',
      messages: [
        {
          author: 'customer',
          hoursAgo: 72,
          body: 'Hello,\n\nwe started the transfer of alpha-media.example to you. The auth code was sent by the old registrar. How long will it take?',
        },
        {
          author: 'support',
          hoursAgo: 48,
          read: false,
          body: '<p>Hello,</p><p>the transfer is under way; the old registrar has up to <b>5 days</b> to confirm it. We write to you here when it is done.</p><p>Kind regards,<br>Portal Cloud Support</p>',
        },
      ],
    },
    {
      workspaceId: d.webshopId,
      subject: 'Dedicated server L: RAM upgrade',
      messages: [
        {
          author: 'customer',
          hoursAgo: 700,
          body: 'Is a RAM upgrade to 128 GB possible for our dedicated server L?',
        },
        {
          author: 'support',
          hoursAgo: 690,
          read: true,
          body: '<p>Yes: the upgrade takes about 30 minutes of downtime. Tell us a time window that suits you.</p><p>Kind regards,<br>Portal Cloud Support</p>',
        },
      ],
    },
  ];
}

const TOPICS = [
  ['Instance not reachable', 'our instance {n} does not answer ping or SSH since the restart'],
  ['Invoice question', 'the invoice for last month shows a charge for a volume we deleted'],
  ['Backup restore', 'please restore the backup of disk {n} from yesterday evening'],
  ['Firewall rule', 'the firewall drops traffic on port {port} although a rule allows it'],
  ['DNS change', 'please point the reverse DNS of the address of server {n} to our mail host'],
  ['Payment failed', 'the card payment for the invoice failed with a timeout, can you check'],
  ['Kernel update', 'after the kernel update the console of instance {n} shows a panic'],
  ['Traffic spike', 'we see a traffic spike of several Gbps on instance {n}, is it an attack'],
  ['Resize request', 'we would like to resize instance {n} to the next larger plan'],
  ['SSL certificate', 'the certificate renewal for our load balancer failed with an ACME error'],
] as const;

/** Other Industries: 2,500 threads (question and answer), one every 3 hours back from now. */
function manyThreads(p: SupportSeedPeople, now: number) {
  const threads: (typeof supportThreads.$inferInsert)[] = [];
  const messages: (typeof supportMessages.$inferInsert)[] = [];
  const reads: (typeof supportMessageReads.$inferInsert)[] = [];
  for (let n = 1; n <= 2500; n++) {
    const [title, sentence] = TOPICS[n % TOPICS.length]!;
    const subject = `${title} #${10_000 + n}`;
    const asked = new Date(now - (n * 3 + 1) * HOUR_MS);
    const answered = new Date(now - n * 3 * HOUR_MS);
    const body = `Hello support,\n\n${sentence.replace('{n}', `srv-${n}`).replace('{port}', String(8000 + (n % 100)))}.\n\nThank you, ${p.other.name}`;
    const answer = `<p>Hello,</p><p>thank you for ticket ${10_000 + n}. We have looked into it and fixed the cause; please check again.</p><p>Kind regards,<br>${SUPPORT_DESK_NAME}</p>`;
    const threadId = id(0x5111, n);
    threads.push({
      id: threadId,
      workspaceId: p.other.workspaceId,
      subject,
      createdById: p.other.userId,
      createdAt: asked,
    });
    messages.push(
      {
        id: id(0x5112, n * 2 - 1),
        threadId,
        workspaceId: p.other.workspaceId,
        author: 'customer',
        authorId: p.other.userId,
        authorName: p.other.name,
        subject,
        body,
        bodyText: body,
        createdAt: asked,
      },
      {
        id: id(0x5112, n * 2),
        threadId,
        workspaceId: p.other.workspaceId,
        author: 'support',
        authorName: SUPPORT_DESK_NAME,
        subject,
        body: answer,
        bodyText: text(answer),
        createdAt: answered,
      },
    );
    if (n > 2) reads.push({ messageId: id(0x5112, n * 2), userId: p.other.userId, readAt: answered });
  }
  return { threads, messages, reads };
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>, size = 500) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/** Replaces the support rows of the seeded workspaces with the seed's. */
export async function seedSupport(db: Db, people: SupportSeedPeople, now = Date.now()): Promise<void> {
  await db.delete(supportThreads).where(inArray(supportThreads.workspaceId, people.workspaceIds));
  const threads: (typeof supportThreads.$inferInsert)[] = [];
  const messages: (typeof supportMessages.$inferInsert)[] = [];
  const reads: (typeof supportMessageReads.$inferInsert)[] = [];
  demoThreads(people).forEach((thread, t) => {
    const threadId = id(0x5101, t + 1);
    threads.push({
      id: threadId,
      workspaceId: thread.workspaceId,
      subject: thread.subject,
      invoiceId: thread.invoiceId ?? null,
      createdById: people.demo.userId,
      createdAt: new Date(now - thread.messages[0]!.hoursAgo * HOUR_MS),
    });
    thread.messages.forEach((message, m) => {
      const messageId = id(0x5102, (t + 1) * 100 + m);
      const createdAt = new Date(now - message.hoursAgo * HOUR_MS);
      const support = message.author === 'support';
      messages.push({
        id: messageId,
        threadId,
        workspaceId: thread.workspaceId,
        author: message.author,
        authorId: support ? null : people.demo.userId,
        authorName: support ? SUPPORT_DESK_NAME : people.demo.name,
        subject: thread.subject,
        body: message.body,
        bodyText: support ? text(message.body) : message.body,
        createdAt,
      });
      if (support && message.read) reads.push({ messageId, userId: people.demo.userId, readAt: createdAt });
    });
  });
  const many = manyThreads(people, now);
  await insertChunked([...threads, ...many.threads], (chunk) => db.insert(supportThreads).values(chunk));
  await insertChunked([...messages, ...many.messages], (chunk) => db.insert(supportMessages).values(chunk));
  await insertChunked([...reads, ...many.reads], (chunk) => db.insert(supportMessageReads).values(chunk));
}
