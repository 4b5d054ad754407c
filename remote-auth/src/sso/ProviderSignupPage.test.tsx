import type { AuthResponseBody } from '@portal/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeIdentity, pendingAuth, renderPage } from '../test/renderPage';
import ProviderSignupPage from './ProviderSignupPage';

const path = '/auth/provider/signup';
const googleFlow = pendingAuth('provider_signup', { provider: { id: 'google', name: 'Google' } });

/** The faked identity calls, with GET /auth/provider/signup answering `answer`. */
function withProviderSignup(answer: AuthResponseBody, answers: Parameters<typeof fakeIdentity>[0] = {}) {
  return fakeIdentity({ ...answers, getProviderSignup: answer });
}

describe('ProviderSignupPage', () => {
  it('names the provider and validates before calling', async () => {
    const { user, identity } = renderPage(<ProviderSignupPage />, { path, auth: googleFlow });
    expect(await screen.findByText(/logging in with Google for the first time/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('Required')).toHaveLength(2);
    await user.type(screen.getByLabelText(/^E-mail/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('E-mail must be valid')).toBeTruthy();
    expect(identity.providerSignup).not.toHaveBeenCalled();
  });

  it("pre-fills the provider's address from the pending sign-up and sends the exact body", async () => {
    // allauth's flow carries no address: the page asks GET /auth/provider/signup
    const identity = withProviderSignup({
      status: 200,
      data: {
        user: { display: 'Ada', email: 'ada@gmail.com', has_usable_password: false },
        account: { uid: 'g-1', provider: { id: 'google', name: 'Google' }, display: 'Ada' },
        email: [{ email: 'ada@gmail.com', primary: true, verified: true }],
      } as never,
    });
    const { user } = renderPage(<ProviderSignupPage />, { path, auth: googleFlow, identity });
    expect(identity.getProviderSignup).toHaveBeenCalledTimes(1);
    expect(await screen.findByDisplayValue('ada@gmail.com')).toBe(screen.getByLabelText(/^E-mail/));
    await user.click(screen.getByRole('checkbox', { name: /processing of my personal data/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(identity.providerSignup).toHaveBeenCalledWith({
      email: 'ada@gmail.com',
      consent_personal_data: true,
      consent_marketing: false,
    });
  });

  it('nothing pending (409): says so and leads back to log in instead of the form', async () => {
    const identity = withProviderSignup({ status: 409 });
    const { user, portal } = renderPage(<ProviderSignupPage />, { path, auth: googleFlow, identity });
    expect(
      await screen.findByText(/There is no sign-up waiting to be finished here: it has timed out/),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^E-mail/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create account' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(portal.navigate).toHaveBeenCalledWith('/auth/login');
  });

  it('a sign-up that lapsed while the form was open (409 on submit): the same explanation', async () => {
    const identity = fakeIdentity({ providerSignup: { status: 409 } });
    const { user } = renderPage(<ProviderSignupPage />, { path, auth: googleFlow, identity });
    await user.type(await screen.findByLabelText(/^E-mail/), 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: /processing of my personal data/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(
      await screen.findByText(/There is no sign-up waiting to be finished here: it has timed out/),
    ).toBeTruthy();
    expect(screen.queryByLabelText(/^E-mail/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Back to log in' })).toBeTruthy();
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
    await user.type(await screen.findByLabelText(/^E-mail/), 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: /processing of my personal data/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('A user is already registered with this email address.')).toBeTruthy();
  });
});
