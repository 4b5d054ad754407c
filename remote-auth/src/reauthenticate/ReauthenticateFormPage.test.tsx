import { clearNextPath, readNextPath, saveNextPath } from '@portal/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { saveResumeIntent, takeResumeIntent } from '../common/resumeIntent';
import { fakeIdentity, renderPage } from '../test/renderPage';
import ReauthenticateFormPage from './ReauthenticateFormPage';

const path = '/auth/reauthenticate';
const reauthRequired = {
  status: 401,
  data: {
    flows: [{ id: 'reauthenticate' as const }, { id: 'mfa_reauthenticate' as const }],
    user: { id: 1, display: 'Ada', email: 'ada@example.com', has_usable_password: true },
  },
  meta: { is_authenticated: true },
};

describe('ReauthenticateFormPage', () => {
  it('validates, then sends the password', async () => {
    const { user, identity } = renderPage(<ReauthenticateFormPage />, { path, auth: reauthRequired });
    expect(screen.getByText('Enter the password of ada@example.com to continue.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByText('Min 8 characters')).toBeTruthy();
    expect(identity.reauthenticate).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Password/), '-enough');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(identity.reauthenticate).toHaveBeenCalledWith('short-enough');
  });

  it('shows an incorrect password on the field', async () => {
    const identity = fakeIdentity({
      reauthenticate: {
        status: 400,
        errors: [{ code: 'incorrect_password', message: 'Incorrect password.', param: 'password' }],
      },
    });
    const { user } = renderPage(<ReauthenticateFormPage />, { path, auth: reauthRequired, identity });
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Incorrect password.')).toBeTruthy();
  });

  it('links to the 2FA reauthentication only when that flow is offered', () => {
    renderPage(<ReauthenticateFormPage />, { path, auth: reauthRequired });
    expect(
      screen.getByRole('link', { name: 'Use your authenticator app instead' }).getAttribute('href'),
    ).toBe('/auth/2fa/reauthenticate');
  });

  it('no 2FA link without the flow', () => {
    renderPage(<ReauthenticateFormPage />, {
      path,
      auth: { ...reauthRequired, data: { ...reauthRequired.data, flows: [{ id: 'reauthenticate' }] } },
    });
    expect(screen.queryByRole('link', { name: 'Use your authenticator app instead' })).toBeNull();
  });

  describe('Cancel', () => {
    afterEach(() => clearNextPath());

    it('goes back to the page that asked, and drops the action waiting there', async () => {
      saveNextPath('/auth/2fa');
      saveResumeIntent('deactivateTotp', '/auth/2fa');
      const { user, portal, identity } = renderPage(<ReauthenticateFormPage />, {
        path,
        auth: reauthRequired,
      });
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(portal.navigate).toHaveBeenCalledWith('/auth/2fa', { replace: true });
      expect(readNextPath()).toBeUndefined();
      expect(takeResumeIntent('deactivateTotp', '/auth/2fa')).toBe(false);
      expect(identity.reauthenticate).not.toHaveBeenCalled();
    });

    it('a page that cannot show without it (the recovery codes): to the page before', async () => {
      saveNextPath('/auth/2fa/recovery-codes/');
      const { user, portal } = renderPage(<ReauthenticateFormPage />, { path, auth: reauthRequired });
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(portal.navigate).toHaveBeenCalledWith('/auth/2fa', { replace: true });
    });

    it('nothing saved: Home', async () => {
      const { user, portal } = renderPage(<ReauthenticateFormPage />, { path, auth: reauthRequired });
      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(portal.navigate).toHaveBeenCalledWith('/', { replace: true });
    });
  });
});
