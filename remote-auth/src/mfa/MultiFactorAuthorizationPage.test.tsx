import { saveNextPath } from '@portal/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, pendingAuth, renderPage } from '../test/renderPage';
import MultiFactorAuthorizationPage from './MultiFactorAuthorizationPage';

const mfaPending = pendingAuth('mfa_authenticate', { types: ['totp', 'recovery_codes'] });

describe('MultiFactorAuthorizationPage', () => {
  it('authenticate: validates, then sends the TOTP code with mfaAuthenticate', async () => {
    const { user, identity } = renderPage(<MultiFactorAuthorizationPage />, {
      path: '/auth/2fa/authenticate',
      auth: mfaPending,
    });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(screen.getByText('Required')).toBeTruthy();
    expect(identity.mfaAuthenticate).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Authenticator code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(identity.mfaAuthenticate).toHaveBeenCalledWith('123456');
    expect(identity.mfaReauthenticate).not.toHaveBeenCalled();
  });

  it('switches to a recovery code', async () => {
    const { user, identity } = renderPage(<MultiFactorAuthorizationPage />, {
      path: '/auth/2fa/authenticate',
      auth: mfaPending,
    });
    await user.click(screen.getByRole('switch', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText(/^Recovery code/), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(identity.mfaAuthenticate).toHaveBeenCalledWith('abcd-efgh');
  });

  it('offers only what the flow allows', () => {
    renderPage(<MultiFactorAuthorizationPage />, {
      path: '/auth/2fa/authenticate',
      auth: pendingAuth('mfa_authenticate', { types: ['recovery_codes'] }),
    });
    expect(screen.getByLabelText(/^Recovery code/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('reauthenticate: uses mfaReauthenticate, links back to the password', async () => {
    const auth = {
      status: 401,
      data: {
        flows: [
          { id: 'reauthenticate' as const },
          { id: 'mfa_reauthenticate' as const, types: ['totp' as const] },
        ],
      },
      meta: { is_authenticated: true },
    };
    const { user, identity } = renderPage(<MultiFactorAuthorizationPage />, {
      path: '/auth/2fa/reauthenticate',
      auth,
    });
    await user.type(screen.getByLabelText(/^Authenticator code/), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(identity.mfaReauthenticate).toHaveBeenCalledWith('654321');
    expect(identity.mfaAuthenticate).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Use your password instead' }).getAttribute('href')).toBe(
      '/auth/reauthenticate',
    );
  });

  it('reauthenticate: Cancel goes back to the page that asked', async () => {
    saveNextPath('/auth/2fa');
    const { user, portal } = renderPage(<MultiFactorAuthorizationPage />, {
      path: '/auth/2fa/reauthenticate',
      isAuthenticated: true,
      auth: {
        status: 401,
        data: { flows: [{ id: 'mfa_reauthenticate', types: ['totp'] }] },
        meta: { is_authenticated: true },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(portal.navigate).toHaveBeenCalledWith('/auth/2fa', { replace: true });
  });

  it('authenticate (a login): no Cancel', () => {
    renderPage(<MultiFactorAuthorizationPage />, { path: '/auth/2fa/authenticate', auth: mfaPending });
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('shows an incorrect code on the field', async () => {
    const identity = fakeIdentity({
      mfaAuthenticate: {
        status: 400,
        errors: [{ code: 'incorrect_code', message: 'Incorrect code.', param: 'code' }],
      },
    });
    const { user } = renderPage(<MultiFactorAuthorizationPage />, {
      path: '/auth/2fa/authenticate',
      auth: mfaPending,
      identity,
    });
    await user.type(screen.getByLabelText(/^Authenticator code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Incorrect code.')).toBeTruthy();
  });

  it('switching between the code kinds starts afresh: no code, no error (both directions)', async () => {
    const identity = fakeIdentity({
      mfaAuthenticate: {
        status: 400,
        errors: [{ code: 'incorrect_code', message: 'Incorrect code.', param: 'code' }],
      },
    });
    const { user } = renderPage(<MultiFactorAuthorizationPage />, {
      path: '/auth/2fa/authenticate',
      auth: mfaPending,
      identity,
    });
    await user.type(screen.getByLabelText(/^Authenticator code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Incorrect code.')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Use a recovery code' }));
    expect((screen.getByLabelText(/^Recovery code/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Incorrect code.')).toBeNull();
    expect(screen.queryByText('Required')).toBeNull();

    await user.type(screen.getByLabelText(/^Recovery code/), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Incorrect code.')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Use a recovery code' }));
    expect((screen.getByLabelText(/^Authenticator code/) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Incorrect code.')).toBeNull();
    expect(screen.queryByText('Required')).toBeNull();
  });

  it('no login pending (it lapsed): says so and leads back to log in, keeping the redirect', async () => {
    const lapsed = {
      status: 401,
      data: { flows: [{ id: 'login' as const }, { id: 'mfa_authenticate' as const }] },
      meta: { is_authenticated: false },
    };
    const { user, portal } = renderPage(<MultiFactorAuthorizationPage />, {
      path: '/auth/2fa/authenticate?redirect=%2Fsupport',
      auth: lapsed,
    });
    expect(screen.getByText(/Your login has timed out or was ended/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Authenticator code/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Verify' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(portal.navigate).toHaveBeenCalledWith('/auth/login?redirect=%2Fsupport');
  });

  it('reauthenticating needs no pending login: the form shows', () => {
    renderPage(<MultiFactorAuthorizationPage />, {
      path: '/auth/2fa/reauthenticate',
      isAuthenticated: true,
      auth: {
        status: 401,
        data: { flows: [{ id: 'mfa_reauthenticate', types: ['totp'] }] },
        meta: { is_authenticated: true },
      },
    });
    expect(screen.getByLabelText(/^Authenticator code/)).toBeTruthy();
    expect(screen.queryByText(/Your login has timed out/)).toBeNull();
  });
});
