import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIdentity, renderPage } from '../test/renderPage';
import MFARecoveryCodesPage from './MFARecoveryCodesPage';

const path = '/auth/2fa/recovery-codes/';
const codes = {
  status: 200,
  data: {
    type: 'recovery_codes',
    total_code_count: 10,
    unused_code_count: 3,
    unused_codes: ['a1b2', 'c3d4', 'e5f6'],
  } as never,
};

describe('MFARecoveryCodesPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists the unused codes; Copy all copies them', async () => {
    const identity = fakeIdentity({ getRecoveryCodes: codes });
    const { user, portal } = renderPage(<MFARecoveryCodesPage />, { path, identity });
    const list = await screen.findByRole('list', { name: 'Unused recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['a1b2', 'c3d4', 'e5f6']);
    expect(screen.getByText('3 of 10 codes unused')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy all' }));
    expect(portal.copy).toHaveBeenCalledWith('a1b2\nc3d4\ne5f6');
  });

  it('Download saves a .txt file', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:codes');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const identity = fakeIdentity({ getRecoveryCodes: codes });
    const { user } = renderPage(<MFARecoveryCodesPage />, { path, identity });
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(click).toHaveBeenCalledOnce();
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('recovery-codes.txt');
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.type).toBe('text/plain;charset=utf-8');
    expect(await blob.text()).toBe('a1b2\nc3d4\ne5f6\n');
  });

  it('Regenerate asks with the shared confirm first; cancelling does nothing', async () => {
    const identity = fakeIdentity({ getRecoveryCodes: codes });
    const { user, portal } = renderPage(<MFARecoveryCodesPage />, { path, identity });
    portal.confirm.mockResolvedValueOnce(false);
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    // the dialog's title and buttons are the shared defaults ('Confirm?', 'Cancel', 'Confirm')
    expect(portal.confirm).toHaveBeenCalledExactlyOnceWith({
      text: 'Create new recovery codes? The current codes stop working.',
      action: expect.any(Function),
    });
    expect(identity.regenerateRecoveryCodes).not.toHaveBeenCalled();
    expect(portal.notify).not.toHaveBeenCalled();
    expect(identity.getRecoveryCodes).toHaveBeenCalledOnce();
  });

  it('confirming regenerates (as the confirm action) and reloads', async () => {
    const identity = fakeIdentity({ getRecoveryCodes: codes });
    const { user, portal } = renderPage(<MFARecoveryCodesPage />, { path, identity });
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    expect(portal.confirm).toHaveBeenCalledOnce();
    expect(identity.regenerateRecoveryCodes).toHaveBeenCalledOnce();
    // the action finishes without false: the dialog closes
    await expect(portal.confirm.mock.results[0]!.value).resolves.toBe(true);
    expect(portal.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'New recovery codes were created.',
    });
    await waitFor(() => expect(identity.getRecoveryCodes).toHaveBeenCalledTimes(2));
  });

  it('a failed regeneration shows the error', async () => {
    const identity = fakeIdentity({
      getRecoveryCodes: codes,
      regenerateRecoveryCodes: {
        status: 0,
        errors: [{ code: 'network_error', message: 'Network error: offline' }],
      },
    });
    const { user, portal } = renderPage(<MFARecoveryCodesPage />, { path, identity });
    await user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await expect(portal.confirm.mock.results[0]!.value).resolves.toBe(true);
    expect(portal.notify).toHaveBeenCalledExactlyOnceWith({
      type: 'error',
      message: 'Network error: offline',
    });
    expect(identity.getRecoveryCodes).toHaveBeenCalledOnce();
  });

  it('no codes yet: Generate asks the same, then creates them', async () => {
    const identity = fakeIdentity({ getRecoveryCodes: { status: 404 } });
    const { user, portal } = renderPage(<MFARecoveryCodesPage />, { path, identity });
    await user.click(await screen.findByRole('button', { name: 'Generate codes' }));
    expect(portal.confirm).toHaveBeenCalledExactlyOnceWith({
      text: 'Create new recovery codes? The current codes stop working.',
      action: expect.any(Function),
    });
    expect(identity.regenerateRecoveryCodes).toHaveBeenCalledOnce();
    await expect(portal.confirm.mock.results[0]!.value).resolves.toBe(true);
    expect(portal.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'New recovery codes were created.',
    });
  });

  it('a regeneration that needed a reauthentication asks again when the customer is back', async () => {
    const identity = fakeIdentity({
      getRecoveryCodes: codes,
      regenerateRecoveryCodes: {
        status: 401,
        data: { flows: [{ id: 'reauthenticate' }] },
        meta: { is_authenticated: true },
      },
    });
    const first = renderPage(<MFARecoveryCodesPage />, { path, identity });
    await first.user.click(await screen.findByRole('button', { name: 'Regenerate' }));
    await expect(first.portal.confirm.mock.results[0]!.value).resolves.toBe(true);
    expect(first.portal.notify).not.toHaveBeenCalled();
    first.unmount();

    const back = renderPage(<MFARecoveryCodesPage />, {
      path,
      identity: fakeIdentity({ getRecoveryCodes: codes }),
    });
    await waitFor(() => expect(back.portal.confirm).toHaveBeenCalledOnce());
    expect(back.portal.confirm).toHaveBeenCalledWith({
      text: 'Create new recovery codes? The current codes stop working.',
      action: expect.any(Function),
    });
    expect(back.identity.regenerateRecoveryCodes).toHaveBeenCalledOnce();
  });
});
