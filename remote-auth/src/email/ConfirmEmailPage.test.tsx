import { NEXT_COOKIE } from '@portal/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readContact } from '../common/signupContact';
import { fakeIdentity, pendingAuth, renderPage } from '../test/renderPage';
import ConfirmEmailPage from './ConfirmEmailPage';

const route = '/auth/confirm-email/:confirmKey?';
const CONFIRMED = 'Your e-mail address is confirmed. You can log in now.';
const info = {
  status: 200,
  data: { email: 'ada@example.com', user: { id: 1, display: 'Ada', has_usable_password: true } },
  meta: { is_authenticating: false },
};

describe('ConfirmEmailPage', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: test clean-up
    document.cookie = `${NEXT_COOKIE}=; Max-Age=0; Path=/`;
    sessionStorage.clear();
  });

  it("with a key: shows the address; Confirm answered 401 (allauth's default): to the login page with a message", async () => {
    // allauth 65.16 with ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION off: nobody signed in, nothing pending
    const identity = fakeIdentity({
      getEmailVerification: info,
      verifyEmail: {
        status: 401,
        data: { flows: [{ id: 'login' }, { id: 'login_by_code' }, { id: 'signup' }] },
        meta: { is_authenticated: false },
      },
    });
    const { user, portal } = renderPage(<ConfirmEmailPage />, {
      path: '/auth/confirm-email/key-1',
      route,
      identity,
      auth: pendingAuth('verify_email'),
    });
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(identity.getEmailVerification).toHaveBeenCalledWith('key-1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(identity.verifyEmail).toHaveBeenCalledWith('key-1');
    expect(await screen.findByText(CONFIRMED)).toBeTruthy();
    expect(portal.notify).toHaveBeenCalledExactlyOnceWith({ type: 'success', message: CONFIRMED });
    expect(portal.navigate).toHaveBeenCalledExactlyOnceWith('/auth/login', { replace: true });
    // the address is kept for this tab, for the login form
    expect(readContact().email).toBe('ada@example.com');
  });

  it('Confirm answered 200 (signed in on confirmation): the host moves on, the page does not', async () => {
    const identity = fakeIdentity({
      getEmailVerification: info,
      verifyEmail: {
        status: 200,
        data: { user: info.data.user, methods: [] },
        meta: { is_authenticated: true },
      },
    });
    const { user, portal } = renderPage(<ConfirmEmailPage />, {
      path: '/auth/confirm-email/key-1',
      route,
      identity,
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(CONFIRMED)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(portal.navigate).not.toHaveBeenCalled();
    expect(portal.notify).not.toHaveBeenCalled();
  });

  it('Confirm answered 401 with a flow still pending: left to the host', async () => {
    const identity = fakeIdentity({ getEmailVerification: info, verifyEmail: pendingAuth('verify_phone') });
    const { user, portal } = renderPage(<ConfirmEmailPage />, {
      path: '/auth/confirm-email/key-1',
      route,
      identity,
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(CONFIRMED)).toBeTruthy();
    expect(portal.navigate).not.toHaveBeenCalled();
  });

  it('a bad key: a clear message and a way to a new link', async () => {
    const identity = fakeIdentity({
      getEmailVerification: {
        status: 400,
        errors: [{ code: 'invalid_or_expired_key', message: 'Invalid or expired key.', param: 'key' }],
      },
    });
    renderPage(<ConfirmEmailPage />, { path: '/auth/confirm-email/bad', route, identity });
    expect(await screen.findByText('This confirmation link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/auth/login');
  });

  it('a bad key while sign-up waits for the link: Resend', async () => {
    const identity = fakeIdentity({ getEmailVerification: { status: 400, errors: [] } });
    const { user } = renderPage(<ConfirmEmailPage />, {
      path: '/auth/confirm-email/bad',
      route,
      identity,
      auth: pendingAuth('verify_email'),
    });
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }));
    expect(identity.resendEmailVerification).toHaveBeenCalledOnce();
    expect(await screen.findByText('We sent a new link. Check your inbox.')).toBeTruthy();
  });

  it('without a key: explains that a link was e-mailed', () => {
    const { identity } = renderPage(<ConfirmEmailPage />, { path: '/auth/confirm-email', route });
    expect(screen.getByText(/We sent you an e-mail with a confirmation link/)).toBeTruthy();
    expect(identity.getEmailVerification).not.toHaveBeenCalled();
  });

  it('keeps a same-site next path', () => {
    renderPage(<ConfirmEmailPage />, { path: '/auth/confirm-email?next=%2Fbilling', route });
    expect(document.cookie).toContain(`${NEXT_COOKIE}=%2Fbilling`);
  });

  it.each(['//evil.example', 'https://evil.example/', '/\\evil.example'])('ignores next=%s', (next) => {
    renderPage(<ConfirmEmailPage />, { path: `/auth/confirm-email?next=${encodeURIComponent(next)}`, route });
    expect(document.cookie).not.toContain(`${NEXT_COOKIE}=`);
  });
});
