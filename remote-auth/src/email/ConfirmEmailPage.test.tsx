import { NEXT_COOKIE } from '@portal/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeIdentity, pendingAuth, renderPage } from '../test/renderPage';
import ConfirmEmailPage from './ConfirmEmailPage';

const route = '/auth/confirm-email/:confirmKey?';
const info = {
  status: 200,
  data: { email: 'ada@example.com', user: { id: 1, display: 'Ada', has_usable_password: true } },
  meta: { is_authenticating: false },
};

describe('ConfirmEmailPage', () => {
  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: test clean-up
    document.cookie = `${NEXT_COOKIE}=; Max-Age=0; Path=/`;
  });

  it('with a key: shows the address, Confirm verifies the key', async () => {
    const identity = fakeIdentity({ getEmailVerification: info, verifyEmail: { status: 401 } });
    const { user } = renderPage(<ConfirmEmailPage />, { path: '/auth/confirm-email/key-1', route, identity });
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(identity.getEmailVerification).toHaveBeenCalledWith('key-1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(identity.verifyEmail).toHaveBeenCalledWith('key-1');
    expect(await screen.findByText('Your e-mail address is confirmed. You can log in now.')).toBeTruthy();
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
