import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, pendingAuth, renderPage } from '../test/renderPage';
import ProviderSignupPage from './ProviderSignupPage';

const path = '/auth/provider/signup';
const googleFlow = pendingAuth('provider_signup', { provider: { id: 'google', name: 'Google' } });

describe('ProviderSignupPage', () => {
  it('names the provider and validates before calling', async () => {
    const { user, identity } = renderPage(<ProviderSignupPage />, { path, auth: googleFlow });
    expect(screen.getByText(/signing in with Google for the first time/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^E-mail/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('E-mail must be valid')).toBeTruthy();
    expect(identity.providerSignup).not.toHaveBeenCalled();
  });

  it('pre-fills the address when the flow carries one and sends the exact body', async () => {
    const auth = pendingAuth('provider_signup', {
      provider: { id: 'google', name: 'Google' },
      email: 'ada@gmail.com',
    });
    const { user, identity } = renderPage(<ProviderSignupPage />, { path, auth });
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('ada@gmail.com');
    await user.click(screen.getByRole('checkbox', { name: /processing of my personal data/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(identity.providerSignup).toHaveBeenCalledWith({
      email: 'ada@gmail.com',
      consent_personal_data: true,
      consent_marketing: false,
    });
  });

  it('shows a server error on the e-mail field', async () => {
    const identity = fakeIdentity({
      providerSignup: {
        status: 400,
        errors: [
          {
            code: 'email_taken',
            message: 'A user is already registered with this email address.',
            param: 'email',
          },
        ],
      },
    });
    const { user } = renderPage(<ProviderSignupPage />, { path, auth: googleFlow, identity });
    await user.type(screen.getByLabelText(/^E-mail/), 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: /processing of my personal data/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('A user is already registered with this email address.')).toBeTruthy();
  });
});
