import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, renderPage } from '../test/renderPage';
import PasswordResetPage from './PasswordResetPage';

const path = '/auth/reset-password';
const SENT =
  'If an account exists for ada@example.com, we sent a link to reset the password. Check your inbox.';

describe('PasswordResetPage', () => {
  it('validates the e-mail before calling', async () => {
    const { user, identity } = renderPage(<PasswordResetPage />, { path });
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(screen.getByText('Required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^E-mail/), 'ada');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(screen.getByText('E-mail must be valid')).toBeTruthy();
    expect(identity.requestPasswordReset).not.toHaveBeenCalled();
  });

  it('always answers the same message', async () => {
    const { user, identity } = renderPage(<PasswordResetPage />, { path });
    await user.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(identity.requestPasswordReset).toHaveBeenCalledWith('ada@example.com');
    expect(await screen.findByText(SENT)).toBeTruthy();
  });

  it('a network failure keeps the form and its input', async () => {
    const identity = fakeIdentity({
      requestPasswordReset: {
        status: 0,
        errors: [{ code: 'network_error', message: 'Network error: offline' }],
      },
    });
    const { user } = renderPage(<PasswordResetPage />, { path, identity });
    await user.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('Network error: offline')).toBeTruthy();
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('ada@example.com');
  });
});
