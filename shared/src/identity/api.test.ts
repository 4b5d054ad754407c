import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FORM_ERROR_KEY, fieldErrors, type IdentityApi, identity } from './api';

// The boundary faked here is fetch: each call must reach the allauth endpoint of the headless
// browser API with the right method, body and headers, and answer the envelope as is.
let fetchMock: ReturnType<typeof vi.fn>;

function lastRequest() {
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  const headers = init.headers as Record<string, string>;
  return { url, method: init.method, body: init.body ? JSON.parse(init.body as string) : undefined, headers };
}

type Call = [
  string,
  (api: IdentityApi) => Promise<unknown>,
  string,
  string,
  unknown,
  Record<string, string>?,
];

const calls: Call[] = [
  ['getSession', (a) => a.getSession(), 'GET', '/auth/session', undefined],
  ['logout', (a) => a.logout(), 'DELETE', '/auth/session', undefined],
  [
    'login',
    (a) => a.login({ email: 'a@b.c', password: 'Secret123' }),
    'POST',
    '/auth/login',
    { email: 'a@b.c', password: 'Secret123' },
  ],
  [
    'signup',
    (a) =>
      a.signup({
        email: 'a@b.c',
        password: 'Secret123',
        phone: '+491701234567',
        consent_personal_data: true,
        consent_marketing: false,
      }),
    'POST',
    '/auth/signup',
    {
      email: 'a@b.c',
      password: 'Secret123',
      phone: '+491701234567',
      consent_personal_data: true,
      consent_marketing: false,
    },
  ],
  ['reauthenticate', (a) => a.reauthenticate('pw'), 'POST', '/auth/reauthenticate', { password: 'pw' }],
  [
    'requestPasswordReset',
    (a) => a.requestPasswordReset('a@b.c'),
    'POST',
    '/auth/password/request',
    { email: 'a@b.c' },
  ],
  [
    'getPasswordReset',
    (a) => a.getPasswordReset('k1'),
    'GET',
    '/auth/password/reset',
    undefined,
    { 'X-Password-Reset-Key': 'k1' },
  ],
  [
    'resetPassword',
    (a) => a.resetPassword('k1', 'New12345'),
    'POST',
    '/auth/password/reset',
    { key: 'k1', password: 'New12345' },
  ],
  [
    'getEmailVerification',
    (a) => a.getEmailVerification('k2'),
    'GET',
    '/auth/email/verify',
    undefined,
    { 'X-Email-Verification-Key': 'k2' },
  ],
  ['verifyEmail', (a) => a.verifyEmail('k2'), 'POST', '/auth/email/verify', { key: 'k2' }],
  ['resendEmailVerification', (a) => a.resendEmailVerification(), 'POST', '/auth/email/verify/resend', {}],
  ['verifyPhone', (a) => a.verifyPhone('123456'), 'POST', '/auth/phone/verify', { code: '123456' }],
  ['resendPhoneVerification', (a) => a.resendPhoneVerification(), 'POST', '/auth/phone/verify/resend', {}],
  ['requestLoginCode', (a) => a.requestLoginCode('a@b.c'), 'POST', '/auth/code/request', { email: 'a@b.c' }],
  ['confirmLoginCode', (a) => a.confirmLoginCode('ABC'), 'POST', '/auth/code/confirm', { code: 'ABC' }],
  [
    'mfaAuthenticate',
    (a) => a.mfaAuthenticate('123456'),
    'POST',
    '/auth/2fa/authenticate',
    { code: '123456' },
  ],
  [
    'mfaReauthenticate',
    (a) => a.mfaReauthenticate('123456'),
    'POST',
    '/auth/2fa/reauthenticate',
    { code: '123456' },
  ],
  [
    'providerSignup',
    (a) => a.providerSignup({ email: 'a@b.c' }),
    'POST',
    '/auth/provider/signup',
    { email: 'a@b.c' },
  ],
  [
    'changePassword',
    (a) => a.changePassword({ current_password: 'Old12345', new_password: 'New12345' }),
    'POST',
    '/account/password/change',
    { current_password: 'Old12345', new_password: 'New12345' },
  ],
  ['getAuthenticators', (a) => a.getAuthenticators(), 'GET', '/account/authenticators', undefined],
  ['getTotp', (a) => a.getTotp(), 'GET', '/account/authenticators/totp', undefined],
  [
    'activateTotp',
    (a) => a.activateTotp('123456'),
    'POST',
    '/account/authenticators/totp',
    { code: '123456' },
  ],
  ['deactivateTotp', (a) => a.deactivateTotp(), 'DELETE', '/account/authenticators/totp', undefined],
  [
    'getRecoveryCodes',
    (a) => a.getRecoveryCodes(),
    'GET',
    '/account/authenticators/recovery-codes',
    undefined,
  ],
  [
    'regenerateRecoveryCodes',
    (a) => a.regenerateRecoveryCodes(),
    'POST',
    '/account/authenticators/recovery-codes',
    {},
  ],
  ['getProviderSignup', (a) => a.getProviderSignup(), 'GET', '/auth/provider/signup', undefined],
  ['getEmailAddresses', (a) => a.getEmailAddresses(), 'GET', '/account/email', undefined],
  ['changeEmail', (a) => a.changeEmail('new@b.c'), 'POST', '/account/email', { email: 'new@b.c' }],
  [
    'resendEmailVerificationTo',
    (a) => a.resendEmailVerificationTo('new@b.c'),
    'PUT',
    '/account/email',
    { email: 'new@b.c' },
  ],
  [
    'cancelEmailChange',
    (a) => a.cancelEmailChange('new@b.c'),
    'DELETE',
    '/account/email',
    { email: 'new@b.c' },
  ],
  ['getSessions', (a) => a.getSessions(), 'GET', '/auth/sessions', undefined],
  ['endSessions', (a) => a.endSessions([1, 'b']), 'DELETE', '/auth/sessions', { sessions: [1, 'b'] }],
];

describe('identity api', () => {
  beforeEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: the client reads the csrf cookie
    document.cookie = 'csrftoken=csrf-1; path=/';
    sessionStorage.clear();
    fetchMock = vi.fn(async () => Response.json({ status: 200, data: { ok: true } }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has a test for every call', () => {
    expect(calls.map(([name]) => name).sort()).toEqual(Object.keys(identity).sort());
  });

  it.each(calls)('%s → %s %s', async (_name, call, method, path, body, headers = {}) => {
    const answer = await call(identity);
    const request = lastRequest();
    expect(request.url).toBe(`/_allauth/browser/v1${path}`);
    expect(request.method).toBe(method);
    expect(request.body).toEqual(body);
    expect(request.headers).toMatchObject({
      Accept: 'application/json',
      'X-CSRFToken': 'csrf-1',
      ...headers,
    });
    if (body !== undefined) expect(request.headers['Content-Type']).toBe('application/json');
    expect(answer).toEqual({ status: 200, data: { ok: true } });
  });

  it('answers error envelopes as they are, without throwing', async () => {
    const envelope = {
      status: 400,
      errors: [{ code: 'invalid', message: 'Incorrect code.', param: 'code' }],
    };
    fetchMock.mockResolvedValueOnce(Response.json(envelope, { status: 400 }));
    await expect(identity.confirmLoginCode('x')).resolves.toEqual(envelope);
  });
});

describe('fieldErrors', () => {
  it('keys errors by param, errors without a param under the form key, first message wins', () => {
    expect(
      fieldErrors({
        status: 400,
        errors: [
          { code: 'invalid', message: 'Enter a valid e-mail.', param: 'email' },
          { code: 'other', message: 'Second email message', param: 'email' },
          { code: 'email_password_mismatch', message: 'Wrong e-mail or password.' },
          { code: 'too_short', message: 'Too short.', param: 'password' },
        ],
      }),
    ).toEqual({
      email: 'Enter a valid e-mail.',
      [FORM_ERROR_KEY]: 'Wrong e-mail or password.',
      password: 'Too short.',
    });
  });

  it('is empty without errors', () => {
    expect(fieldErrors({ status: 200 })).toEqual({});
  });
});
