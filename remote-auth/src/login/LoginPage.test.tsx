import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readLoginHint, saveLoginHint } from '../common/loginHint';
import { CONFIG, fakeIdentity, pendingAuth, renderPage } from '../test/renderPage';
import LoginPage from './LoginPage';

const ROUTE = '/auth/:tab?/:referral?';
const PASSWORD_RULE =
  'Password must be 8+ characters, must contain at least 1 uppercase, 1 lowercase letter and 1 number';

function renderLogin(path = '/auth/login', options: Parameters<typeof renderPage>[1] = {}) {
  return renderPage(<LoginPage />, { path, route: ROUTE, ...options });
}

/** the sign-up tab, once its form (a lazy chunk: the phone check stays off the login form) is in */
async function renderSignup(path: string, options: Parameters<typeof renderPage>[1] = {}) {
  const view = renderLogin(path, options);
  await waitFor(() => expect(screen.queryByText('Loading…')).toBeNull());
  return view;
}

const submit = (name: RegExp | string) => screen.getByRole('button', { name });

describe('Login tab', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    delete window.grecaptcha;
  });

  it('shows the spec messages for empty input and calls nothing', async () => {
    const { user, identity } = renderLogin();
    await user.click(submit('Log in'));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    expect(identity.login).not.toHaveBeenCalled();
  });

  it('shows the spec messages for a bad e-mail and a short password', async () => {
    const { user, identity } = renderLogin();
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example');
    await user.type(screen.getByLabelText(/^Password/), '1234567');
    await user.click(submit('Log in'));
    expect(screen.getByText('E-mail must be valid')).toBeTruthy();
    expect(screen.getByText('Min 8 characters')).toBeTruthy();
    expect(identity.login).not.toHaveBeenCalled();
  });

  it('logs in with the exact body, without reCAPTCHA when no site key is set', async () => {
    const { user, identity } = renderLogin();
    await user.type(screen.getByLabelText(/E-mail/), ' ada@example.com ');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(submit('Log in'));
    expect(identity.login).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'correct horse' });
    expect(document.querySelector('script')).toBeNull();
  });

  it('shows a server error on its field', async () => {
    const identity = fakeIdentity({
      login: {
        status: 400,
        errors: [
          {
            code: 'email_password_mismatch',
            message: 'The email address and/or password you specified are not correct.',
            param: 'password',
          },
        ],
      },
    });
    const { user } = renderLogin('/auth/login', { identity });
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(submit('Log in'));
    const message = await screen.findByText(
      'The email address and/or password you specified are not correct.',
    );
    // on the password field: the field's description names it
    expect(screen.getByLabelText(/^Password/).getAttribute('aria-describedby')).toContain(message.id);
  });

  it('shows a network failure as the form message and keeps the input', async () => {
    const identity = fakeIdentity({
      login: { status: 0, errors: [{ code: 'network_error', message: 'Network error: Failed to fetch' }] },
    });
    const { user } = renderLogin('/auth/login', { identity });
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(submit('Log in'));
    expect(await screen.findByText('Network error: Failed to fetch')).toBeTruthy();
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).value).toBe('correct horse');
  });

  it('shows a 429 without errors as a form message', async () => {
    const identity = fakeIdentity({ login: { status: 429 } });
    const { user } = renderLogin('/auth/login', { identity });
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(submit('Log in'));
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeTruthy();
  });

  it('sends a reCAPTCHA token for the login action when a site key is set, with the notice', async () => {
    const { user, identity } = renderLogin('/auth/login', { recaptchaSiteKey: 'key-login' });
    const script = document.querySelector<HTMLScriptElement>('script[src*="render=key-login"]');
    expect(script?.src).toContain('render=key-login');
    const execute = vi.fn(async () => 'token-xyz');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    script!.dispatchEvent(new Event('load'));
    expect(screen.getByText(/This site is protected by reCAPTCHA/)).toBeTruthy();
    await user.type(screen.getByLabelText(/E-mail/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(submit('Log in'));
    await waitFor(() =>
      expect(identity.login).toHaveBeenCalledWith({
        email: 'ada@example.com',
        password: 'correct horse',
        recaptcha_token: 'token-xyz',
      }),
    );
    expect(execute).toHaveBeenCalledWith('key-login', { action: 'login' });
  });

  it('starts with the address a page sent the visitor to log in as, and forgets it once used', async () => {
    saveLoginHint('nows@example.com');
    const { user, identity } = renderLogin();
    expect((screen.getByLabelText(/E-mail/) as HTMLInputElement).value).toBe('nows@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'Demo-Pass-2026');
    await user.click(submit('Log in'));
    expect(identity.login).toHaveBeenCalledWith({ email: 'nows@example.com', password: 'Demo-Pass-2026' });
    expect(readLoginHint()).toBeUndefined();
  });

  it('links to password reset and login by code', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/auth/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Log in with a code' }).getAttribute('href')).toBe(
      '/auth/login/code/confirm',
    );
  });

  it('posts a real form to the provider redirect for each provider', async () => {
    const submitSpy = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    // biome-ignore lint/suspicious/noDocumentCookie: the csrftoken cookie the form reads
    document.cookie = 'csrftoken=csrf-123; path=/';
    const config = {
      ...CONFIG,
      socialaccount: { providers: [{ id: 'google', name: 'Google', flows: ['provider_redirect'] }] },
    };
    const { user } = renderLogin('/auth/login', { config });
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(submitSpy).toHaveBeenCalledOnce();
    const form = submitSpy.mock.contexts[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe('/_allauth/browser/v1/auth/provider/redirect');
    expect(Object.fromEntries(new FormData(form))).toEqual({
      provider: 'google',
      process: 'login',
      callback_url: '/account/provider/callback',
      csrfmiddlewaretoken: 'csrf-123',
    });
    form.remove();
  });

  it("shows the provider's error passed back to the login page", () => {
    renderLogin('/auth/login?error=cancelled');
    expect(screen.getByText('Logging in with the provider was cancelled.')).toBeTruthy();
  });

  it('switches to the sign-up tab', async () => {
    const { user, portal } = renderLogin();
    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(portal.navigate).toHaveBeenCalledWith('/auth/signup');
  });

  it('keeps the redirect query when switching tabs', async () => {
    const { user, portal } = renderLogin('/auth/login?redirect=%2Fworkspace%2FC-1%2Fbilling');
    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(portal.navigate).toHaveBeenCalledWith('/auth/signup?redirect=%2Fworkspace%2FC-1%2Fbilling');
  });
});

async function fillSignup(
  user: ReturnType<typeof renderLogin>['user'],
  overrides: Record<string, string> = {},
) {
  const values = {
    email: 'ada@example.com',
    phone: '+49 151 23456789',
    password: 'Secret123',
    confirm: 'Secret123',
    ...overrides,
  };
  if (values.email) await user.type(screen.getByLabelText(/^E-mail/), values.email);
  if (values.phone) await user.type(screen.getByLabelText(/^Mobile phone/), values.phone);
  if (values.password) await user.type(screen.getByLabelText(/^Password/), values.password);
  if (values.confirm) await user.type(screen.getByLabelText(/^Repeat password/), values.confirm);
}

describe('Sign up tab', () => {
  it('shows the password hint and, for an empty form, Required on every required field', async () => {
    const { user, identity } = await renderSignup('/auth/signup');
    expect(screen.getByText('Password must contain at least 8 characters')).toBeTruthy();
    await user.click(submit('Create account'));
    expect(screen.getAllByText('Required')).toHaveLength(5);
    expect(identity.signup).not.toHaveBeenCalled();
  });

  it('shows the spec messages for a bad e-mail, phone, weak password and a different confirmation', async () => {
    const { user, identity } = await renderSignup('/auth/signup');
    await fillSignup(user, { email: 'ada', phone: '0151 2345', password: 'secret', confirm: 'secret1' });
    await user.click(submit('Create account'));
    expect(screen.getByText('E-mail must be valid')).toBeTruthy();
    expect(screen.getByText('Not valid phone number.')).toBeTruthy();
    expect(screen.getByText(PASSWORD_RULE)).toBeTruthy();
    expect(screen.getByText('Password must match')).toBeTruthy();
    expect(identity.signup).not.toHaveBeenCalled();
  });

  it.each([
    ['+49 151', 'Phone number must be valid'],
    ['+49 30 12345678', 'Valid mobile phone number required.'],
  ])('phone %s → %s', async (phone, message) => {
    const { user, identity } = await renderSignup('/auth/signup');
    await fillSignup(user, { phone });
    await user.click(screen.getByRole('checkbox', { name: /processing of my personal data/ }));
    await user.click(submit('Create account'));
    expect(screen.getByText(message)).toBeTruthy();
    expect(identity.signup).not.toHaveBeenCalled();
  });

  it('requires the personal data consent', async () => {
    const { user, identity } = await renderSignup('/auth/signup');
    await fillSignup(user);
    await user.click(submit('Create account'));
    expect(screen.getAllByText('Required')).toHaveLength(1);
    expect(identity.signup).not.toHaveBeenCalled();
  });

  it('signs up with the exact body: E.164 phone, consents, referral', async () => {
    const { user, identity } = await renderSignup('/auth/signup/FRIEND42');
    expect(screen.getByText('You were invited with the referral code FRIEND42.')).toBeTruthy();
    await fillSignup(user);
    await user.click(screen.getByRole('checkbox', { name: /processing of my personal data/ }));
    await user.click(screen.getByRole('checkbox', { name: /news and offers/ }));
    await user.click(submit('Create account'));
    expect(identity.signup).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'Secret123',
      phone: '+4915123456789',
      consent_personal_data: true,
      consent_marketing: true,
      referral: 'FRIEND42',
    });
  });

  it('links the consent to the configured privacy policy and SMS terms, in a new tab', async () => {
    await renderSignup('/auth/signup', {
      runtimeConfig: { privacyPolicyUrl: '/legal/privacy-policy', smsTermsUrl: 'https://provider.test/sms' },
    });
    const privacy = screen.getByRole('link', { name: 'Privacy policy' });
    expect(privacy.getAttribute('href')).toBe('/legal/privacy-policy');
    expect(privacy.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'SMS terms' }).getAttribute('href')).toBe(
      'https://provider.test/sms',
    );
  });

  it('keeps the consent text but links nothing that is not configured', async () => {
    await renderSignup('/auth/signup', { runtimeConfig: { smsTermsUrl: '/legal/sms-terms' } });
    const consent = screen.getByRole('checkbox', { name: /processing of my personal data/ });
    expect(consent).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Privacy policy' })).toBeNull();
    expect(screen.getByText('Privacy policy').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'SMS terms' }).getAttribute('href')).toBe('/legal/sms-terms');
  });

  it('sends a reCAPTCHA token for the signup action', async () => {
    const { user, identity } = await renderSignup('/auth/signup', { recaptchaSiteKey: 'key-signup' });
    const execute = vi.fn(async () => 'token-s');
    window.grecaptcha = { ready: (callback) => callback(), execute };
    document.querySelector('script[src*="render=key-signup"]')!.dispatchEvent(new Event('load'));
    await fillSignup(user);
    await user.click(screen.getByRole('checkbox', { name: /processing of my personal data/ }));
    await user.click(submit('Create account'));
    await waitFor(() => expect(identity.signup).toHaveBeenCalledOnce());
    expect(identity.signup.mock.calls[0]![0]).toMatchObject({
      recaptcha_token: 'token-s',
      consent_marketing: false,
    });
    expect(execute).toHaveBeenCalledWith('key-signup', { action: 'signup' });
  });

  it('shows server errors on their fields', async () => {
    const identity = fakeIdentity({
      signup: {
        status: 400,
        errors: [
          {
            code: 'email_taken',
            message: 'A user is already registered with this email address.',
            param: 'email',
          },
          { code: 'invalid_phone', message: 'Valid mobile phone number required.', param: 'phone' },
        ],
      },
    });
    const { user } = await renderSignup('/auth/signup', { identity });
    await fillSignup(user);
    await user.click(screen.getByRole('checkbox', { name: /processing of my personal data/ }));
    await user.click(submit('Create account'));
    expect(await screen.findByText('A user is already registered with this email address.')).toBeTruthy();
    expect(screen.getByText('Valid mobile phone number required.')).toBeTruthy();
  });

  it('says so when sign-up is closed', async () => {
    await renderSignup('/auth/signup', { config: { ...CONFIG, account: { is_open_for_signup: false } } });
    expect(screen.getByText('Sign-up is closed at the moment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
  });

  it('with verify_email pending: check your inbox, with the address, and Resend', async () => {
    sessionStorage.setItem('portal.auth.contact', JSON.stringify({ email: 'ada@example.com' }));
    const { user, identity } = renderLogin('/auth/signup', { auth: pendingAuth('verify_email') });
    expect(screen.getByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(identity.resendEmailVerification).toHaveBeenCalledOnce();
    expect(await screen.findByText('We sent a new link.')).toBeTruthy();
  });

  it('with verify_phone pending: the SMS code form, its validation, the call and Resend', async () => {
    sessionStorage.setItem('portal.auth.contact', JSON.stringify({ phone: '+4915123456789' }));
    const { user, identity } = renderLogin('/auth/signup', { auth: pendingAuth('verify_phone') });
    const form = screen.getByRole('form', { name: 'Confirm your mobile number' });
    expect(
      within(form).getByText('Enter the registration code we sent by SMS to +4915123456789.'),
    ).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(within(form).getByText('Required')).toBeTruthy();
    expect(identity.verifyPhone).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText(/Code/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Confirm' }));
    expect(identity.verifyPhone).toHaveBeenCalledWith('123456');
    await user.click(within(form).getByRole('button', { name: 'Send a new code' }));
    expect(identity.resendPhoneVerification).toHaveBeenCalledOnce();
  });

  it('remembers the address for the verify step', async () => {
    const identity = fakeIdentity({ signup: pendingAuth('verify_email') });
    const { user } = await renderSignup('/auth/signup', { identity });
    await fillSignup(user);
    await user.click(screen.getByRole('checkbox', { name: /processing of my personal data/ }));
    await user.click(submit('Create account'));
    expect(JSON.parse(sessionStorage.getItem('portal.auth.contact')!)).toEqual({
      email: 'ada@example.com',
      phone: '+4915123456789',
    });
  });
});
