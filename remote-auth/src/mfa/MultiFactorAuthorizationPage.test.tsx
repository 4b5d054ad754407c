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
});
