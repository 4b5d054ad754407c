import { createPubSub } from 'graphql-yoga';

/**
 * The events behind the subscriptions, one entry per topic: `[scope id, payload]` or `[payload]`.
 * Each domain adds its own in its `events.ts` by declaration merging
 * (`declare module '../graphql/pubsub.js' { interface PortalEvents { … } }`), so this file names
 * no domain. Topics are scoped by id, so a subscriber only hears its own workspace or user;
 * payloads carry ids only (JSON) and each subscriber reloads what it may see.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the domains' events.ts files fill it
export interface PortalEvents {}

/** The pubsub's events: `PortalEvents` as a plain object type (interfaces carry no index signature). */
type PortalEventMap = { [Topic in keyof PortalEvents]: PortalEvents[Topic] };

/**
 * In the process with embedded PGlite (one process per database); through PostgreSQL's
 * `LISTEN/NOTIFY` (`pg-event-target.ts`) when several processes share a `DATABASE_URL`.
 */
export type PortalPubSub = ReturnType<typeof createPortalPubSub>;

export const createPortalPubSub = (eventTarget?: EventTarget) =>
  createPubSub<PortalEventMap>(eventTarget ? { eventTarget: eventTarget as never } : {});
