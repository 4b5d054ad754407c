import { type APIRequestContext, type Page, test } from '@playwright/test';

import * as demo from '../../api/src/db/demo';

// The seed's own constants: the suites sign in as the demo accounts the api seeds. Against a
// deployment (E2E_BASE_URL) the demo account can be given by E2E_DEMO_EMAIL / E2E_DEMO_PASSWORD
// (the seeded accounts share that password).
export const DEMO_PASSWORD = process.env.E2E_DEMO_PASSWORD || demo.DEMO_PASSWORD;
export const DEMO_USER = process.env.E2E_DEMO_EMAIL || demo.DEMO_USER.email;
export const TOTP_USER = demo.TOTP_USER.email;
export const UNVERIFIED_USER = demo.UNVERIFIED_USER.email;
export const NOWS_USER = demo.NOWS_USER.email;
export const TOTP_SECRET = demo.DEMO_TOTP_SECRET;
export const TOTP_RECOVERY_CODES = demo.DEMO_RECOVERY_CODES;
export const {
  DEMO_CONTRACTS,
  OTHER_CONTRACT_UID,
  DEMO_INVITATION_KEY,
  DEMO_EXPIRED_INVITATION_KEY,
  DEMO_HOSTILE_INVITATION_KEY,
  HOSTILE_CONTRACT_UID,
  HOSTILE_WORKSPACE_NAME,
} = demo;

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
  // a deployment without the development tools (E2E_BASE_URL): the message cannot be read
  test.skip(
    response.status() === 404,
    `needs the api's outbox (/_dev/outbox), which ${baseURL} does not have`,
  );
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
export async function signInByApi(
  page: Page,
  baseURL: string,
  email: string = DEMO_USER,
  password: string = DEMO_PASSWORD,
) {
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
