import { createPubSub } from 'graphql-yoga';
import type { AlertRuleChangedPayload } from '../compute/monitoring/service.js';
import type { NetworkChangedPayload } from '../compute/network/service.js';
import type { InstanceChangedPayload } from '../compute/service.js';
import type { Notification } from './generated/resolvers.js';

/**
 * The events behind the subscriptions. Topics are scoped by id, so a subscriber only hears its own
 * workspace or user; payloads carry ids only (JSON) and each subscriber reloads what it may see.
 * In the process with embedded PGlite (one process per database); through PostgreSQL's
 * `LISTEN/NOTIFY` (`pg-event-target.ts`) when several processes share a `DATABASE_URL`.
 */
export type PortalPubSub = ReturnType<typeof createPortalPubSub>;

export const createPortalPubSub = (eventTarget?: EventTarget) =>
  createPubSub<{
    /** Something of the workspace changed (balance, unread messages, …). */
    workspaceChanged: [contractUid: string, payload: { contractUid: string }];
    notifications: [userId: string, payload: Notification];
    /** The user's profile, preferences or language changed (their other tabs follow). */
    meChanged: [userId: string, payload: { userId: string }];
    /** An instance of the workspace changed (created, status, pending action, charges, deleted). */
    instanceChanged: [contractUid: string, payload: InstanceChangedPayload];
    /** An alert rule of the workspace changed (created, edited, fired, recovered, deleted). */
    alertRuleChanged: [contractUid: string, payload: AlertRuleChangedPayload];
    /** Network of instances of the workspace changed (traffic, dropped packets, rDNS, firewall). */
    networkChanged: [contractUid: string, payload: NetworkChangedPayload];
    /** A payment of the workspace changed status (billing/payments). */
    paymentChanged: [contractUid: string, payload: { uid: string }];
    /** An incident or maintenance of the Status page changed (for everyone: it is the provider's). */
    statusChanged: [payload: { incidentUid: string }];
    /** A support thread of the workspace changed (a message added, read or unread). */
    supportChanged: [contractUid: string, payload: { contractUid: string; threadUid: string }];
  }>(eventTarget ? { eventTarget: eventTarget as never } : {});
