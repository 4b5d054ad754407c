import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/renderPage';
import { AuthenticationTab } from './AuthenticationTab';
import { deviceOf } from './device';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

function setup(changePassword = vi.fn(async () => ({ status: 200 }))) {
  const sessions = [
    {
      id: 1,
      created_at: 1_770_000_000,
      last_seen_at: 1_770_000_600,
      ip: '198.51.100.7',
      user_agent: FIREFOX_LINUX,
      is_current: false,
    },
    {
      id: 2,
      created_at: 1_770_000_000,
      last_seen_at: 1_770_000_900,
      ip: '203.0.113.5',
      user_agent: CHROME_MAC,
      is_current: true,
    },
  ];
  const identity = {
    changePassword,
    getAuthenticators: vi.fn(async () => ({ status: 200, data: [{ type: 'totp' }] })),
    getSessions: vi.fn(async () => ({ status: 200, data: sessions })),
    endSessions: vi.fn(async () => {
      sessions.splice(0, 1);
      return { status: 200, data: sessions };
    }),
  };
  return { identity, ...renderPage(<AuthenticationTab />, { identity: identity as never }) };
}

describe('deviceOf', () => {
  it('names browser and system from the user agent', () => {
    expect(deviceOf(CHROME_MAC)).toEqual({ browser: 'Chrome 131', os: 'macOS Catalina' });
    expect(deviceOf(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 133', os: 'Linux' });
    expect(deviceOf('')).toBeNull();
  });
});

describe('Profile › Authentication', () => {
  it("checks the new password by the spec's rules before asking allauth", async () => {
    const { user, identity } = setup();
    expect(screen.getByText('Password must contain at least 8 characters')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Current password/), 'Demo-Pass-2026');
    await user.type(screen.getByLabelText(/^New password/), 'weakpass');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText(
        'Password must be 8+ characters, must contain at least 1 uppercase, 1 lowercase letter and 1 number',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Password must match')).toBeTruthy();
    expect(identity.changePassword).not.toHaveBeenCalled();
  });

  it('changes it through allauth; its refusal shows on the field', async () => {
    const changePassword = vi
      .fn()
      .mockResolvedValueOnce({
        status: 400,
        errors: [
          {
            param: 'current_password',
            code: 'enter_current_password',
            message: 'Please type your current password.',
          },
        ],
      })
      .mockResolvedValueOnce({ status: 200 });
    const { user, portal } = setup(changePassword);
    await user.type(screen.getByLabelText(/^Current password/), 'Wrong-Pass-1');
    await user.type(screen.getByLabelText(/^New password/), 'New-Pass-2026');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'New-Pass-2026');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Please type your current password.')).toBeTruthy();
    expect(changePassword).toHaveBeenCalledWith({
      current_password: 'Wrong-Pass-1',
      new_password: 'New-Pass-2026',
    });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() =>
      expect(portal.notify).toHaveBeenCalledWith({
        type: 'success',
        message: 'Your password has been changed.',
      }),
    );
  });

  it('shows the 2FA state with the way to its pages', async () => {
    const { user, portal } = setup();
    expect(await screen.findByText('On')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Recovery codes' }));
    expect(portal.navigate).toHaveBeenCalledWith('/auth/2fa/recovery-codes/');
  });

  it('lists sessions (this device first, marked) and signs out the others', async () => {
    const { user, identity, portal } = setup();
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const items = list.querySelectorAll('li');
    expect(items[0]?.textContent).toContain('Chrome 131 on macOS Catalina');
    expect(items[0]?.textContent).toContain('This device');
    expect(items[0]?.textContent).toContain('203.0.113.5');
    expect(items[1]?.textContent).toContain('Firefox 133 on Linux');
    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    await waitFor(() => expect(identity.endSessions).toHaveBeenCalledWith([1]));
    expect(portal.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'The other sessions have been signed out.',
    });
    expect(await screen.findByText('No other sessions.')).toBeTruthy();
  });
});
