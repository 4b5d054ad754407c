import { expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** allauth's TOTP defaults, as the api uses them: SHA-1, 6 digits, 30 s, no tolerance window. */
export const TOTP_PERIOD_MS = 30_000;
/** A code is typed only with this much of its period left, so it cannot expire on the way. */
const MIN_TIME_LEFT_MS = 5_000;

/** The server's messages (allauth's), verbatim. */
export const SERVER = {
  incorrectCode: 'Incorrect code.',
  incorrectPassword: 'Incorrect password.',
} as const;

/**
 * The authenticator app of one account: codes from its secret, each time step used once. The api
 * refuses a code that logged in or reauthenticated for 30 s (allauth's replay protection; an
 * activation code is only validated, so it could still log in once within its step, but the steps
 * of a suite between the two may cross a period boundary). `nextCode()` waits for the next period
 * boundary when the current step is spent or about to end.
 */
export class Authenticator {
  private readonly totp: TOTP;
  private readonly used = new Set<number>();

  constructor(secret: string) {
    this.totp = new TOTP({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: TOTP_PERIOD_MS / 1000,
    });
  }

  /** A code for a time step not used yet, with at least 5 s of its period left. */
  async nextCode(): Promise<string> {
    for (;;) {
      const now = Date.now();
      const step = Math.floor(now / TOTP_PERIOD_MS);
      const left = (step + 1) * TOTP_PERIOD_MS - now;
      if (!this.used.has(step) && left >= MIN_TIME_LEFT_MS) {
        this.used.add(step);
        return this.totp.generate({ timestamp: now });
      }
      // the only fixed wait: up to the next period boundary (plus a little clock slack)
      await new Promise((resolve) => setTimeout(resolve, left + 250));
    }
  }

  /** A 6-digit code that is not the current one (so the server must refuse it). */
  wrongCode(): string {
    const current = Number(this.totp.generate());
    return String((current + 500_000) % 1_000_000).padStart(6, '0');
  }
}

/** The key shown on the activation page (the secret as base32). */
export function activationKey(page: Page) {
  return page.getByRole('textbox', { name: 'Key', exact: true });
}

/** Reads the key of the activation page once it is shown, checks its form, answers it. */
export async function readActivationKey(page: Page): Promise<string> {
  await expect(activationKey(page)).toHaveValue(/^[A-Z2-7]{16,}$/);
  return activationKey(page).inputValue();
}

/** The code form of the activation page. */
export function activationForm(page: Page) {
  const form = page.getByRole('form', { name: 'Activate authenticator app' });
  return {
    form,
    code: form.getByRole('textbox', { name: 'Authenticator code' }),
    submit: form.getByRole('button', { name: 'Activate', exact: true }),
  };
}

/** The code form of MultiFactorAuthorization (`/auth/2fa/authenticate` and `/reauthenticate`). */
export function mfaForm(page: Page) {
  const form = page.getByRole('form', { name: 'Two-factor authentication' });
  return {
    form,
    totpCode: form.getByRole('textbox', { name: 'Authenticator code' }),
    recoveryCode: form.getByRole('textbox', { name: 'Recovery code' }),
    useRecovery: form.getByRole('switch', { name: 'Use a recovery code' }),
    submit: form.getByRole('button', { name: 'Verify' }),
  };
}

/** The unused recovery codes listed on `/auth/2fa/recovery-codes/`, once `count` are shown. */
export async function readRecoveryCodes(page: Page, count: number): Promise<string[]> {
  const items = page.getByRole('list', { name: 'Unused recovery codes' }).getByRole('listitem');
  await expect(items).toHaveCount(count);
  const codes = (await items.allTextContents()).map((code) => code.trim());
  // allauth 65.16: 8 decimal digits (MFA_RECOVERY_CODE_DIGITS)
  for (const code of codes) expect(code).toMatch(/^\d{8}$/);
  expect(new Set(codes).size).toBe(count);
  return codes;
}

/** A notification (Fluent toast: a list item named by its title). */
export function toast(page: Page, text: string) {
  return page.getByRole('listitem', { name: text, exact: true });
}

/** Home, signed in (the landing page after a login). */
export async function expectHome(page: Page) {
  // Home: Welcome for a customer without services, else the chosen workspace's Dashboard
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/(workspace\/[^/]+\/dashboard(\/instances)?)?$/);
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account/ })).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Welcome' }).or(page.getByRole('tab', { name: 'Instances' })),
  ).toBeVisible();
}

/**
 * Ages the page's browser session by `seconds` on the api's dev clock (`POST /_dev/session/age`):
 * its authentication records, a stashed login and a pending flow move that far into the past, as if
 * the time had passed. No test waits on the wall clock for a timeout, so load cannot stretch one.
 */
export async function ageSession(page: Page, baseURL: string, seconds: number) {
  const response = await page.context().request.post(`${baseURL}/_dev/session/age`, { data: { seconds } });
  test.skip(
    response.status() === 404,
    `needs the api's session clock (/_dev/session/age), which ${baseURL} does not have`,
  );
  if (response.status() !== 200)
    throw new Error(`session age: ${response.status()} ${await response.text()}`);
}

/**
 * Makes the page's last authentication older than the reauthentication timeout (the api compares
 * whole seconds, `now - at <= timeout`), so the next sensitive call asks to confirm it is you.
 */
export async function expireReauthentication(page: Page, baseURL: string, timeoutS: number) {
  await ageSession(page, baseURL, timeoutS + 1);
}
