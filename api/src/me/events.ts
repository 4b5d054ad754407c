import type { Notification } from '../graphql/generated/resolvers.js';

declare module '../graphql/pubsub.js' {
  interface PortalEvents {
    notifications: [userId: string, payload: Notification];
    /** The user's profile, preferences or language changed (their other tabs follow). */
    meChanged: [userId: string, payload: { userId: string }];
  }
}
