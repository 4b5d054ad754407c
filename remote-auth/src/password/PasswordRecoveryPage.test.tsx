import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, renderPage } from '../test/renderPage';
import PasswordRecoveryPage from './PasswordRecoveryPage';

const route = '/auth/reset-password/key/:keyValue';
const path = '/auth/reset-password/key/k-1';
const valid = {
  status: 200,
  data: { user: { id: 1, display: 'Ada', email: 'ada@example.com', has_usable_password: true } },
};

describe('PasswordRecoveryPage', () => {
  it('checks the key first; a bad key offers a new link', async () => {
    const identity = fakeIdentity({
      getPasswordReset: {
        status: 400,
        errors: [
          { code: 'invalid_password_reset', message: 'The password reset token was invalid.', param: 'key' },
        ],
      },
    });
    renderPage(<PasswordRecoveryPage />, { path, route, identity });
    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(identity.getPasswordReset).toHaveBeenCalledWith('k-1');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/auth/reset-password',
    );
  });

  it('validates the new password with the spec messages before calling', async () => {
    const identity = fakeIdentity({ getPasswordReset: valid });
    const { user } = renderPage(<PasswordRecoveryPage />, { path, route, identity });
    expect(await screen.findByText('For the account ada@example.com.')).toBeTruthy();
    expect(screen.getByText('Password must contain at least 8 characters')).toBeTruthy();
    await user.type(screen.getByLabelText(/^New password/), 'weakpass');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'other');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      screen.getByText(
        'Password must be 8+ characters, must contain at least 1 uppercase, 1 lowercase letter and 1 number',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Password must match')).toBeTruthy();
    expect(identity.resetPassword).not.toHaveBeenCalled();
  });

  it('resets with the key and the password, then offers the login', async () => {
    const identity = fakeIdentity({ getPasswordReset: valid, resetPassword: { status: 401 } });
    const { user } = renderPage(<PasswordRecoveryPage />, { path, route, identity });
    await user.type(await screen.findByLabelText(/^New password/), 'NewSecret1');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'NewSecret1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(identity.resetPassword).toHaveBeenCalledWith('k-1', 'NewSecret1');
    expect(
      await screen.findByText('Your password has been changed. You can log in with it now.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it("shows the server's password error on the field", async () => {
    const identity = fakeIdentity({
      getPasswordReset: valid,
      resetPassword: {
        status: 400,
        errors: [{ code: 'password_too_common', message: 'This password is too common.', param: 'password' }],
      },
    });
    const { user } = renderPage(<PasswordRecoveryPage />, { path, route, identity });
    await user.type(await screen.findByLabelText(/^New password/), 'Password1');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'Password1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('This password is too common.')).toBeTruthy();
  });
});
