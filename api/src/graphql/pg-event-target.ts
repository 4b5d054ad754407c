import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** The one channel every api process of a deployment listens on; events name their topic inside. */
export const EVENTS_CHANNEL = 'portal_events';
/** PostgreSQL's limit for a NOTIFY payload is 8,000 bytes; events carry ids, far below it. */
const MAX_PAYLOAD_BYTES = 7_900;
const RECONNECT_MS = 1_000;

/**
 * The subscription events across api processes (issue 16), as graphql-yoga's pub/sub takes them: an
 * EventTarget whose `dispatchEvent` is a PostgreSQL `NOTIFY` and whose listeners hear every process's
 * events through one `LISTEN` connection. An event published here comes back through PostgreSQL
 * like any other, so every process, this one included, delivers it the same way and once. All the
 * subscriptions of a process get the same payload object (`fanout.ts` relies on it).
 */
export class PgEventTarget {
  private readonly local = new EventTarget();
  private listener: pg.Client | null = null;
  private closed = false;
  /** Resolves once the process listens (the app waits for it before it is ready). */
  readonly ready: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly notify: (channel: string, payload: string) => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
    /** Called for every event heard, before its listeners (`cached-reads.ts` `forgetCachedReads`). */
    private readonly heard: () => void = () => {},
  ) {
    this.ready = this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel !== EVENTS_CHANNEL || !message.payload) return;
      try {
        const { topic, detail } = JSON.parse(message.payload) as { topic: string; detail: unknown };
        this.heard();
        this.local.dispatchEvent(new CustomEvent(topic, { detail }));
      } catch (err) {
        this.log.error({ err }, 'events: a notification that is not an event');
      }
    });
    // a lost connection is opened again; events in between are missed (a client refetches on reconnect)
    client.on('error', (err) => {
      this.log.error({ err }, 'events: the LISTEN connection failed; reconnecting');
      void client.end().catch(() => {});
      if (this.listener === client) this.listener = null;
      if (!this.closed) setTimeout(() => void this.listen().catch(() => {}), RECONNECT_MS).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${EVENTS_CHANNEL}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.listener = client;
  }

  addEventListener(type: string, callback: EventListenerOrEventListenerObject | null): void {
    this.local.addEventListener(type, callback);
  }

  removeEventListener(type: string, callback: EventListenerOrEventListenerObject | null): void {
    this.local.removeEventListener(type, callback);
  }

  dispatchEvent(event: Event): boolean {
    const payload = JSON.stringify({ topic: event.type, detail: (event as CustomEvent).detail });
    if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
      this.log.error({ topic: event.type, bytes: Buffer.byteLength(payload) }, 'events: payload too large');
      return false;
    }
    this.notify(EVENTS_CHANNEL, payload).catch((err: unknown) =>
      this.log.error({ err, topic: event.type }, 'events: NOTIFY failed'),
    );
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.ready.catch(() => {});
    await this.listener?.end();
    this.listener = null;
  }
}
