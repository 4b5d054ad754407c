import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, pendingAuth, renderPage } from '../test/renderPage';
import LoginCodePage from './LoginCodePage';

const path = '/auth/login/code/confirm';

describe('LoginCodePage', () => {
  it('without a pending flow: the e-mail form, validated, then requestLoginCode', async () => {
    const { user, identity } = renderPage(<LoginCodePage />, { path });
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(screen.getByText('Required')).toBeTruthy();
    await user.type(screen.getByLabelText(/^E-mail/), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(screen.getByText('E-mail must be valid')).toBeTruthy();
    expect(identity.requestLoginCode).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^E-mail/), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(identity.requestLoginCode).toHaveBeenCalledWith('ada@example.com');
  });

  it('with login_by_code pending: the code form, then confirmLoginCode', async () => {
    const { user, identity } = renderPage(<LoginCodePage />, { path, auth: pendingAuth('login_by_code') });
    expect(screen.queryByLabelText(/^E-mail/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Required')).toBeTruthy();
    expect(identity.confirmLoginCode).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Code/), 'ABC123');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(identity.confirmLoginCode).toHaveBeenCalledWith('ABC123');
  });

  it('shows a wrong code on the field and a 409 as the form message', async () => {
    const identity = fakeIdentity({
      confirmLoginCode: {
        status: 400,
        errors: [{ code: 'incorrect_code', message: 'Incorrect code.', param: 'code' }],
      },
    });
    const { user } = renderPage(<LoginCodePage />, { path, auth: pendingAuth('login_by_code'), identity });
    await user.type(screen.getByLabelText(/^Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Incorrect code.')).toBeTruthy();
    identity.confirmLoginCode.mockResolvedValueOnce({ status: 409 });
    await user.type(screen.getByLabelText(/^Code/), '1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('This step is no longer pending. Please start again.')).toBeTruthy();
  });

  it('can ask for a new code', async () => {
    const { user } = renderPage(<LoginCodePage />, { path, auth: pendingAuth('login_by_code') });
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(screen.getByLabelText(/^E-mail/)).toBeTruthy();
  });
});
