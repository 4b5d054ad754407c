/** How long sessions last; apart from `session.ts` so the configuration can read them without Fastify. */

/** Django's SESSION_COOKIE_AGE: two weeks, renewed whenever the session is saved. */
export const SESSION_AGE_S = 14 * 24 * 3600;
/**
 * How long a sign-in lasts, however busy the session (`PORTAL_SESSION_MAX_AGE_S`): 12 hours after
 * the last authentication (login or reauthentication), OWASP ASVS 3.3.2's absolute timeout.
 */
export const SESSION_MAX_AUTH_AGE_S = 12 * 3600;
