import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, renderPage } from '../test/renderPage';
import MFAOverviewPage from './MFAOverviewPage';

const path = '/auth/2fa';
const active = {
  status: 200,
  data: [
    { type: 'totp', created_at: 1, last_used_at: null },
    { type: 'recovery_codes', created_at: 1, total_code_count: 10, unused_code_count: 7 },
  ] as never,
};

describe('MFAOverviewPage', () => {
  it('TOTP off: Activate goes to the activation page', async () => {
    const identity = fakeIdentity({ getAuthenticators: { status: 200, data: [] as never } });
    const { user, portal } = renderPage(<MFAOverviewPage />, { path, identity });
    expect(await screen.findByText('Not set up')).toBeTruthy();
    expect(screen.getByText('Available once the authenticator app is active.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(portal.navigate).toHaveBeenCalledWith('/auth/2fa/totp/activate/');
  });

  it('TOTP on: recovery codes left, View goes to the codes', async () => {
    const identity = fakeIdentity({ getAuthenticators: active });
    const { user, portal } = renderPage(<MFAOverviewPage />, { path, identity });
    expect(await screen.findByText('Active')).toBeTruthy();
    expect(screen.getByText('7 of 10 codes left')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'View' }));
    expect(portal.navigate).toHaveBeenCalledWith('/auth/2fa/recovery-codes/');
  });

  it('Deactivate asks with the shared confirm first; cancelling does nothing', async () => {
    const identity = fakeIdentity({ getAuthenticators: active });
    const { user, portal } = renderPage(<MFAOverviewPage />, { path, identity });
    portal.confirm.mockResolvedValueOnce(false);
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    // the dialog's title and buttons are the shared defaults ('Confirm?', 'Cancel', 'Confirm')
    expect(portal.confirm).toHaveBeenCalledExactlyOnceWith({
      text: 'Deactivate the authenticator app? Logging in will need only your password, and your recovery codes stop working.',
      action: expect.any(Function),
    });
    expect(identity.deactivateTotp).not.toHaveBeenCalled();
    expect(portal.notify).not.toHaveBeenCalled();
    expect(identity.getAuthenticators).toHaveBeenCalledOnce();
  });

  it('confirming deactivates (as the confirm action) and reloads', async () => {
    const identity = fakeIdentity({ getAuthenticators: active });
    const { user, portal } = renderPage(<MFAOverviewPage />, { path, identity });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    expect(portal.confirm).toHaveBeenCalledOnce();
    expect(identity.deactivateTotp).toHaveBeenCalledOnce();
    // the action finishes without false: the dialog closes
    await expect(portal.confirm.mock.results[0]!.value).resolves.toBe(true);
    expect(portal.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'The authenticator app is deactivated.',
    });
    await waitFor(() => expect(identity.getAuthenticators).toHaveBeenCalledTimes(2));
  });

  it('a failed deactivation shows the error and closes the dialog', async () => {
    const identity = fakeIdentity({
      getAuthenticators: active,
      deactivateTotp: { status: 0, errors: [{ code: 'network_error', message: 'Network error: offline' }] },
    });
    const { user, portal } = renderPage(<MFAOverviewPage />, { path, identity });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await expect(portal.confirm.mock.results[0]!.value).resolves.toBe(true);
    expect(portal.notify).toHaveBeenCalledExactlyOnceWith({
      type: 'error',
      message: 'Network error: offline',
    });
    expect(identity.getAuthenticators).toHaveBeenCalledOnce();
  });

  it('a 401 on deactivation is left to the host (re-authentication), no notification', async () => {
    const identity = fakeIdentity({ getAuthenticators: active, deactivateTotp: { status: 401 } });
    const { user, portal } = renderPage(<MFAOverviewPage />, { path, identity });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    await expect(portal.confirm.mock.results[0]!.value).resolves.toBe(true);
    expect(identity.deactivateTotp).toHaveBeenCalledOnce();
    expect(portal.notify).not.toHaveBeenCalled();
  });

  it('a failed load offers a retry', async () => {
    const identity = fakeIdentity({
      getAuthenticators: {
        status: 0,
        errors: [{ code: 'network_error', message: 'Network error: offline' }],
      },
    });
    const { user } = renderPage(<MFAOverviewPage />, { path, identity });
    expect(await screen.findByText('Network error: offline')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(identity.getAuthenticators).toHaveBeenCalledTimes(2);
  });
});
