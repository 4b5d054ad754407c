import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/renderPage';
import { workspaceClient } from '../test/workspaceClient';
import { ProfileTab } from './ProfileTab';

const user = (fields: object = {}) => ({
  __typename: 'MeUser',
  email: 'ada@example.com',
  phone: '+4915123456789',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isBusiness: false,
  ...fields,
});

function setup(answer: (variables: Record<string, unknown>) => unknown) {
  const api = workspaceClient({ UpdateProfile: answer });
  const identity = {
    getEmailAddresses: vi.fn(async () => ({
      status: 200,
      data: [{ email: 'ada@example.com', primary: true, verified: true }],
    })),
    changeEmail: vi.fn(async (email: string) => ({
      status: 200,
      data: [
        { email: 'ada@example.com', primary: true, verified: true },
        { email, primary: false, verified: false },
      ],
    })),
  };
  const page = renderPage(<ProfileTab />, { graphql: api.client, identity: identity as never });
  return { ...page, api, identity };
}

describe('Profile › Profile', () => {
  it('shows the user; an invalid phone shows the spec message, keeps what was typed and sends nothing', async () => {
    const { user: u, api } = setup(() => ({}));
    const phone = screen.getByRole('textbox', { name: /Mobile number/ }) as HTMLInputElement;
    expect(phone.value).toBe('+4915123456789');
    expect((screen.getByRole('textbox', { name: /First name/ }) as HTMLInputElement).value).toBe('Ada');
    await u.clear(phone);
    await u.type(phone, '+49 30 12345678');
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Valid mobile phone number required.')).toBeTruthy();
    expect(phone.value).toBe('+49 30 12345678');
    await u.clear(phone);
    await u.type(phone, '0151 2345');
    expect(await screen.findByText('Not valid phone number.')).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('saves names, phone and account type; says so', async () => {
    const {
      user: u,
      api,
      portal,
    } = setup((variables) => ({
      data: {
        updateProfile: {
          __typename: 'Me',
          user: user({ ...(variables.input as object), phone: '+4915199999999' }),
        },
      },
    }));
    const last = screen.getByRole('textbox', { name: /Last name/ });
    await u.clear(last);
    await u.type(last, 'Byron');
    await u.click(screen.getByRole('radio', { name: 'Business' }));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(portal.notify).toHaveBeenCalledWith({
        type: 'success',
        message: 'Your profile has been saved.',
      }),
    );
    expect(api.sent()[0]).toMatchObject({
      operationName: 'UpdateProfile',
      variables: {
        input: { firstName: 'Ada', lastName: 'Byron', phone: '+4915123456789', isBusiness: true },
      },
    });
  });

  it("the api's refusal shows on the field it names, the typed value stays", async () => {
    const { user: u } = setup(() => ({
      data: null,
      errors: [
        { message: 'Phone number must be valid', extensions: { code: 'INVALID_PROFILE', field: 'phone' } },
      ],
    }));
    await u.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Phone number must be valid')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Mobile number/ }) as HTMLInputElement).value).toBe(
      '+4915123456789',
    );
  });

  it('Change e-mail asks allauth to send a link to the new address and shows it as pending', async () => {
    const { user: u, identity, portal } = setup(() => ({}));
    await u.click(screen.getByRole('button', { name: 'Change e-mail' }));
    // (by label and text: in jsdom Fluent's modal leaves its own surface aria-hidden)
    const field = await screen.findByLabelText(/New e-mail address/);
    const send = () => u.click(screen.getByText('Send link'));
    await u.type(field, 'not-an-address');
    await send();
    expect(await screen.findByText('E-mail must be valid')).toBeTruthy();
    await u.clear(field);
    await u.type(field, 'ada@lovelace.example');
    await send();
    await waitFor(() => expect(identity.changeEmail).toHaveBeenCalledWith('ada@lovelace.example'));
    expect(await screen.findByText(/Waiting for confirmation of ada@lovelace\.example/)).toBeTruthy();
    expect(portal.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'We sent a link to ada@lovelace.example.',
    });
  });
});
