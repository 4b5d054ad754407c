import { screen, within } from '@testing-library/react';
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

  it('Deactivate asks first, then calls deactivateTotp and reloads', async () => {
    const identity = fakeIdentity({ getAuthenticators: active });
    const { user, portal } = renderPage(<MFAOverviewPage />, { path, identity });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog', { hidden: true });
    expect(within(dialog).getByText('Confirm?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel', hidden: true }));
    expect(identity.deactivateTotp).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { hidden: true })).getByRole('button', {
        name: 'Confirm',
        hidden: true,
      }),
    );
    expect(identity.deactivateTotp).toHaveBeenCalledOnce();
    expect(portal.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'The authenticator app is deactivated.',
    });
    expect(identity.getAuthenticators).toHaveBeenCalledTimes(2);
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
