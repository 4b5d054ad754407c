import type { APIRequestContext, Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-Pass-2026';
export const DEMO_USER = 'demo@example.com';
export const TOTP_USER = 'totp@example.com';
export const UNVERIFIED_USER = 'unverified@example.com';
/** The seeded TOTP account's secret and recovery codes (`DEMO_TOTP_SECRET`, `DEMO_RECOVERY_CODES` of api/src/db/seed.ts). */
export const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
export const TOTP_RECOVERY_CODES = [
  '1a2b3c4d',
  '2b3c4d5e',
  '3c4d5e6f',
  '4d5e6f70',
  '5e6f7081',
  '6f708192',
  '708192a3',
  '8192a3b4',
  '92a3b4c5',
  'a3b4c5d6',
] as const;

const BASE = '/_allauth/browser/v1';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

/** The messages the api's outbox holds for an address or phone number, newest first. */
export async function readOutbox(request: APIRequestContext, baseURL: string, to: string) {
  const response = await request.get(`${baseURL}/_dev/outbox?to=${encodeURIComponent(to)}`);
  if (!response.ok()) throw new Error(`outbox: ${response.status()} ${await response.text()}`);
  return (await response.json()) as OutboxMessage[];
}

/** Polls the outbox until a message for `to` matches `pattern`; answers the first capture group. */
export async function waitForOutbox(
  request: APIRequestContext,
  baseURL: string,
  to: string,
  pattern: RegExp,
  { after = 0, timeoutMs = 10_000 }: { after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const message of await readOutbox(request, baseURL, to)) {
      if (Date.parse(message.createdAt) < after) continue;
      const match = pattern.exec(message.text);
      if (match) return match[1] ?? match[0];
    }
    if (Date.now() > deadline) throw new Error(`no message for ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Signs the page's browser context in through the identity API itself (the cookies land in the
 * context), for suites whose subject is not the login screen.
 */
export async function signInByApi(page: Page, baseURL: string, email = DEMO_USER, password = DEMO_PASSWORD) {
  const request = page.context().request;
  await request.get(`${baseURL}${BASE}/auth/session`);
  const cookies = await page.context().cookies(baseURL);
  const csrf = cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await request.post(`${baseURL}${BASE}/auth/login`, {
    data: { email, password },
    headers: { 'X-CSRFToken': csrf, Referer: `${baseURL}/` },
  });
  if (response.status() !== 200)
    throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
}
