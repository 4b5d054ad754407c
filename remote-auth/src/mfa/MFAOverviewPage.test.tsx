import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

  describe('after a reauthentication', () => {
    const reauthNeeded = {
      status: 401,
      data: { flows: [{ id: 'reauthenticate' as const }] },
      meta: { is_authenticated: true },
    };

    it('a deactivation that needs it is remembered, and the confirmation opens again when the customer is back', async () => {
      const identity = fakeIdentity({ getAuthenticators: active, deactivateTotp: reauthNeeded });
      const first = renderPage(<MFAOverviewPage />, { path, identity });
      await first.user.click(await screen.findByRole('button', { name: 'Deactivate' }));
      await expect(first.portal.confirm.mock.results[0]!.value).resolves.toBe(true);
      expect(first.portal.notify).not.toHaveBeenCalled();
      // the host moves on to the reauthentication page, and back here once it is done
      first.unmount();

      const back = renderPage(<MFAOverviewPage />, {
        path,
        identity: fakeIdentity({ getAuthenticators: active }),
      });
      await vi.waitFor(() => expect(back.portal.confirm).toHaveBeenCalledOnce());
      expect(back.portal.confirm).toHaveBeenCalledWith({
        text: 'Deactivate the authenticator app? Logging in will need only your password, and your recovery codes stop working.',
        action: expect.any(Function),
      });
      // one click (the fake confirms at once) finishes it
      expect(back.identity.deactivateTotp).toHaveBeenCalledOnce();
      await expect(back.portal.confirm.mock.results[0]!.value).resolves.toBe(true);
      expect(back.portal.notify).toHaveBeenCalledWith({
        type: 'success',
        message: 'The authenticator app is deactivated.',
      });
    });

    it('asks again only once', async () => {
      const identity = fakeIdentity({ getAuthenticators: active, deactivateTotp: reauthNeeded });
      const first = renderPage(<MFAOverviewPage />, { path, identity });
      await first.user.click(await screen.findByRole('button', { name: 'Deactivate' }));
      await expect(first.portal.confirm.mock.results[0]!.value).resolves.toBe(true);
      first.unmount();
      const back = renderPage(<MFAOverviewPage />, {
        path,
        identity: fakeIdentity({ getAuthenticators: active }),
      });
      back.portal.confirm.mockResolvedValueOnce(false);
      await vi.waitFor(() => expect(back.portal.confirm).toHaveBeenCalledOnce());
      back.unmount();
      const again = renderPage(<MFAOverviewPage />, {
        path,
        identity: fakeIdentity({ getAuthenticators: active }),
      });
      expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
      expect(again.portal.confirm).not.toHaveBeenCalled();
    });

    it('nothing to resume after a finished or failed deactivation, nor once the app is off', async () => {
      const identity = fakeIdentity({ getAuthenticators: active });
      const first = renderPage(<MFAOverviewPage />, { path, identity });
      await first.user.click(await screen.findByRole('button', { name: 'Deactivate' }));
      await expect(first.portal.confirm.mock.results[0]!.value).resolves.toBe(true);
      first.unmount();
      const back = renderPage(<MFAOverviewPage />, {
        path,
        identity: fakeIdentity({ getAuthenticators: active }),
      });
      expect(await screen.findByRole('button', { name: 'Deactivate' })).toBeTruthy();
      expect(back.portal.confirm).not.toHaveBeenCalled();
    });
  });
});
