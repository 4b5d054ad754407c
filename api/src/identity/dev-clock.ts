import type { FastifyInstance } from 'fastify';
import type { IdentityServices } from './context.js';
import { BrowserSession, type SessionData } from './session.js';

/** The longest step back the endpoint takes: a year. */
export const MAX_AGE_S = 366 * 24 * 3600;

/** `data` as it would be `seconds` later: every time stamp it holds moved that far into the past. */
export function agedSessionData(data: SessionData, seconds: number): SessionData {
  const ms = seconds * 1000;
  const aged: SessionData = { ...data };
  if (data.records) aged.records = data.records.map((record) => ({ ...record, at: record.at - seconds }));
  if (data.pending) {
    const { loginCode, phoneCode } = data.pending;
    aged.pending = {
      ...data.pending,
      startedAt: data.pending.startedAt - seconds,
      ...(loginCode ? { loginCode: { ...loginCode, expiresAt: loginCode.expiresAt - ms } } : {}),
      ...(phoneCode ? { phoneCode: { ...phoneCode, expiresAt: phoneCode.expiresAt - ms } } : {}),
    };
  }
  if (data.pendingFlow?.startedAt !== undefined) {
    aged.pendingFlow = { ...data.pendingFlow, startedAt: data.pendingFlow.startedAt - seconds };
  }
  return aged;
}

/**
 * `POST /_dev/session/age {seconds}`: the calling browser's session (its `sessionid` cookie) as if
 * `seconds` had gone by: its authentication records, a stashed login, a pending flow and running
 * code checks all move that far into the past. The e2e suites use it instead of waiting, so a
 * reauthentication timeout or a lapsed login takes no wall-clock time and no load can stretch it.
 * Answers the session's authentication records after the change; 404 without a stored session.
 * Registered only with PORTAL_DEV_TOOLS=1, which production refuses.
 */
export function registerDevSessionClock(app: FastifyInstance, services: IdentityServices): void {
  app.post('/_dev/session/age', async (request, reply) => {
    const raw = ((request.body ?? {}) as { seconds?: unknown }).seconds;
    const seconds = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > MAX_AGE_S) {
      return reply.code(400).send({ error: `seconds must be a whole number from 1 to ${MAX_AGE_S}` });
    }
    const session = await BrowserSession.load(
      services.db,
      request,
      services.now,
      services.config.sessionMaxAgeS,
    );
    if (session.id === undefined) return reply.code(404).send({ error: 'this browser has no session' });
    session.data = agedSessionData(session.data, seconds);
    session.changed();
    await session.commit(request, reply, { secure: services.config.secureCookies });
    reply.header('cache-control', 'no-store');
    return { records: session.data.records ?? [] };
  });
}
