import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { floodCounter } from './rate-limit-store.js';

/**
 * Downloads a minute per session (invoice PDFs, support attachments, each read from storage or
 * rendered): far more than a person clicks, few enough that a loop cannot keep the process busy.
 */
export const DOWNLOADS_PER_MINUTE = 30;
export const DOWNLOADS_LIMITED = 'Too many downloads: try again in a minute.';

export function downloadGuard(store: FastifyRateLimitStoreCtor, scale: number) {
  const count = floodCounter(store, 60_000);
  return (viewer: { user: { id: string }; sessionId: number | null }): Promise<boolean> =>
    count(`download:${viewer.sessionId ?? viewer.user.id}`, DOWNLOADS_PER_MINUTE * scale);
}
