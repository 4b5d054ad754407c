import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { waitForOutbox } from './identity';

const IDENTITY = '/_allauth/browser/v1';

/** A strong password (8+, upper, lower, digit) for new accounts. */
export const NEW_PASSWORD = 'Fresh-Pass-2026';

/** The spec's validation messages (section 5), verbatim. */
export const SPEC = {
  required: 'Required',
  min8: 'Min 8 characters',
  email: 'E-mail must be valid',
  phoneInvalid: 'Phone number must be valid',
  phoneNotMobile: 'Valid mobile phone number required.',
  phoneUnparseable: 'Not valid phone number.',
  password:
    'Password must be 8+ characters, must contain at least 1 uppercase, 1 lowercase letter and 1 number',
  passwordHint: 'Password must contain at least 8 characters',
  passwordMatch: 'Password must match',
} as const;

/**
 * The SMS registration code and the mailed confirmation link, as the api's outbox holds them. Codes
 * are allauth 65.16's: 8 consonants (RFC 8628's alphabet) dashed 4-4, like `WZRJ-MLSV`.
 */
export const SMS_CODE = /registration code is ([BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4})\./;
export const CONFIRM_EMAIL_LINK = /\/auth\/confirm-email\/([^\s/]+)/;
export const RESET_PASSWORD_LINK = /\/auth\/reset-password\/key\/([^\s/]+)/;
/** The code of the "Sign-In Code" mail: alone in its paragraph. */
export const LOGIN_CODE = /^([BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4})$/m;

let counter = 0;

/**
 * A fresh e-mail address and German mobile number (E.164) for one test: the portal's database is
 * shared by the files of a worker, and the outbox is looked up by address or number.
 */
export function uniqueContact(prefix: string): { email: string; phone: string } {
  counter += 1;
  const stamp = Date.now();
  const digits = String(((stamp % 1_000_000) * 100 + counter) % 100_000_000).padStart(8, '0');
  return { email: `${prefix}-${stamp}-${counter}@example.com`, phone: `+49151${digits}` };
}

/** The text inputs and checkboxes of the Sign up tab. */
export function signupForm(page: Page) {
  const form = page.getByRole('form', { name: 'Sign up' });
  return {
    form,
    email: form.getByRole('textbox', { name: 'E-mail', exact: true }),
    phone: form.getByRole('textbox', { name: 'Mobile phone', exact: true }),
    password: form.getByRole('textbox', { name: 'Password', exact: true }),
    passwordConfirm: form.getByRole('textbox', { name: 'Repeat password', exact: true }),
    consent: form.getByRole('checkbox', { name: /I agree to the processing of my personal data/ }),
    marketing: form.getByRole('checkbox', { name: 'Send me news and offers by e-mail (optional).' }),
    submit: form.getByRole('button', { name: 'Create account' }),
  };
}

/** Fills the Sign up tab (which must be open) and submits it. */
export async function signUp(
  page: Page,
  values: { email: string; phone: string; password: string; marketing?: boolean },
) {
  const f = signupForm(page);
  await f.email.fill(values.email);
  await f.phone.fill(values.phone);
  await f.password.fill(values.password);
  await f.passwordConfirm.fill(values.password);
  await f.consent.check();
  if (values.marketing) await f.marketing.check();
  await f.submit.click();
}

/**
 * The field's own message: Fluent's Field ties its validation message (and hint) to the control by
 * aria-describedby, so this checks that the message belongs to that field, not just to the page.
 */
export async function expectFieldMessage(control: Locator, message: string) {
  await expect(control).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

export async function expectNoFieldMessage(control: Locator, message: string) {
  await expect(control).not.toHaveAccessibleDescription(new RegExp(escapeRegExp(message)));
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The value of the `csrftoken` cookie the identity service set in this request context. */
async function csrfToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const { cookies } = await request.storageState();
  const host = new URL(baseURL).hostname;
  return cookies.find((c) => c.name === 'csrftoken' && c.domain.replace(/^\./, '') === host)?.value ?? '';
}

async function identityPost(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const response = await request.post(`${baseURL}${IDENTITY}${path}`, {
    data,
    headers: { 'X-CSRFToken': await csrfToken(request, baseURL), Referer: `${baseURL}/` },
  });
  return { status: response.status(), body: (await response.json()) as { data?: unknown } };
}

function expectStatus(step: string, actual: { status: number; body: unknown }, status: number) {
  if (actual.status !== status)
    throw new Error(`${step}: expected ${status}, got ${actual.status} ${JSON.stringify(actual.body)}`);
}

/**
 * Creates a verified account through the identity API, as a visitor would: sign-up (401
 * `verify_phone`), the SMS code from the outbox (401 `verify_email`), the key of the mailed link
 * (401: allauth's default ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION off signs nobody in, the visitor logs
 * in afterwards). The request context ends signed out, nothing pending.
 */
export async function createUserByApi(
  request: APIRequestContext,
  baseURL: string,
  { email, phone, password }: { email: string; phone: string; password: string },
): Promise<void> {
  const started = Date.now() - 1_000;
  await request.get(`${baseURL}${IDENTITY}/auth/session`);
  expectStatus(
    'signup',
    await identityPost(request, baseURL, '/auth/signup', {
      email,
      phone,
      password,
      consent_personal_data: true,
      consent_marketing: false,
    }),
    401,
  );
  const code = await waitForOutbox(request, baseURL, phone, SMS_CODE, { after: started });
  expectStatus('phone code', await identityPost(request, baseURL, '/auth/phone/verify', { code }), 401);
  const key = await waitForOutbox(request, baseURL, email, CONFIRM_EMAIL_LINK, { after: started });
  const verified = await identityPost(request, baseURL, '/auth/email/verify', { key });
  expectStatus('e-mail key', verified, 401);
  const flows = (verified.body.data as { flows?: { is_pending?: boolean }[] } | undefined)?.flows ?? [];
  if (flows.some((flow) => flow.is_pending))
    throw new Error(`e-mail key: a flow is still pending ${JSON.stringify(verified.body)}`);
}
