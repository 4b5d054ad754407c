import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { portalWorkspace, renderPage } from '../test/renderPage';
import { workspaceClient } from '../test/workspaceClient';
import WorkspaceSettingsPage from './WorkspaceSettingsPage';

const ALL = [
  'WORKSPACE_VIEW',
  'WORKSPACE_MANAGE',
  'BILLING_VIEW',
  'BILLING_PAY',
  'COMPUTE_VIEW',
  'COMPUTE_MANAGE',
  'SUPPORT_VIEW',
  'SUPPORT_WRITE',
];

const member = (uid: string, name: string, role: string | null, extra: object = {}) => ({
  __typename: 'WorkspaceMember',
  uid,
  kind: role ? 'EMPLOYEE' : 'AUTHORIZED_PERSON',
  name,
  email: `${uid}@example.com`,
  role,
  loginStatus: 'ACTIVE',
  isMe: false,
  ...extra,
});

const settings = (members = [member('ada', 'Ada Lovelace', 'Administrative', { isMe: true })]) => ({
  __typename: 'WorkspaceSettings',
  contractUid: 'C-1',
  name: 'Nordwind Cloud',
  currencyCode: 'EUR',
  representative: {
    __typename: 'Representative',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: '',
    mobile: '',
  },
  accountName: 'Nordwind Hosting GmbH',
  taxId: 'DE811234567',
  address: {
    __typename: 'Address',
    city: 'Hamburg',
    street: 'Am Sandtorkai 50',
    countryId: 276,
    zip: '20457',
  },
  invoiceNote: '',
  members,
  invitations: [],
  deletionBlockers: [],
});

const COUNTRIES = [
  { __typename: 'Country', id: 276, name: 'Germany', regionName: 'Europe', isoCode: 'DE' },
  { __typename: 'Country', id: 40, name: 'Austria', regionName: 'Europe', isoCode: 'AT' },
  { __typename: 'Country', id: 840, name: 'United States', regionName: 'America', isoCode: 'US' },
  { __typename: 'Country', id: 0, name: 'Other', regionName: 'Other', isoCode: '' },
];

function render(capabilities = ALL, update?: (variables: Record<string, unknown>) => unknown) {
  const api = workspaceClient({
    WorkspaceSettings: () => ({ data: { workspaceSettings: settings() } }),
    Countries: () => ({ data: { countries: COUNTRIES } }),
    UpdateWorkspaceSettings: update ?? (() => ({ data: null })),
  });
  const workspace = { ...portalWorkspace('C-1'), capabilities, myRole: 'Administrative' } as never;
  return {
    ...renderPage(<WorkspaceSettingsPage />, {
      path: '/workspace/C-1/settings',
      route: '/workspace/:contractUid/settings',
      graphql: api.client,
      workspace,
    }),
    api,
  };
}

describe('WorkspaceSettingsPage', () => {
  it('shows the data, the country grouped by region, and the users with role and login status', async () => {
    render();
    expect(await screen.findByRole('textbox', { name: 'Workspace name' })).toHaveProperty(
      'value',
      'Nordwind Cloud',
    );
    const country = (await screen.findByRole('combobox', { name: 'Country' })) as HTMLSelectElement;
    await vi.waitFor(() => expect(country.value).toBe('276'));
    const groups = [...country.querySelectorAll('optgroup')].map((g) => g.label);
    expect(groups).toEqual(['Europe', 'America', 'Other']);
    const users = screen.getByRole('list', { name: 'Users' });
    const ada = within(users).getByRole('listitem', { name: 'Ada Lovelace' });
    expect(ada.textContent).toContain('Ada Lovelace (you)');
    expect(ada.textContent).toContain('Administrative');
    expect(ada.textContent).toContain('Active');
    expect(screen.getByRole('button', { name: 'Invite user' })).toBeTruthy();
  });

  it('puts a refusal of the api on its field and keeps what was typed', async () => {
    const update = vi.fn(() => ({
      errors: [
        {
          message: 'Valid mobile phone number required.',
          extensions: { code: 'BAD_USER_INPUT', field: 'representativeMobile' },
        },
      ],
      data: null,
    }));
    const { user } = render(ALL, update);
    const city = (await screen.findByRole('textbox', { name: 'City' })) as HTMLInputElement;
    // the form shows the workspace's data (and the countries) before the user edits it: cleared
    // earlier, an empty field could still take the loaded value (CI once typed "HamburgKiel")
    await vi.waitFor(() => expect(city.value).toBe('Hamburg'));
    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    await vi.waitFor(() => expect(country.value).toBe('276'));
    await user.clear(city);
    await user.type(city, 'Kiel');
    // a landline passes the browser's parse but the api judges it (the same rule)
    await user.type(screen.getByRole('textbox', { name: 'Mobile number' }), '+4915123456789');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Valid mobile phone number required.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'City' }) as HTMLInputElement).value).toBe('Kiel');
    expect(update).toHaveBeenCalledTimes(1);
    expect(update.mock.calls[0]).toEqual([
      expect.objectContaining({
        contractUid: 'C-1',
        input: expect.objectContaining({
          city: 'Kiel',
          countryId: 276,
          representativeMobile: '+4915123456789',
        }),
      }),
    ]);
  });

  it('refuses a bad phone in the browser with the spec message, without calling the api', async () => {
    const update = vi.fn(() => ({ data: null }));
    const { user } = render(ALL, update);
    await user.type(await screen.findByRole('textbox', { name: 'Mobile number' }), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Not valid phone number.')).toBeTruthy();
    expect(update).not.toHaveBeenCalled();
  });

  it('is read-only without WORKSPACE_MANAGE: no save, no invite, no delete', async () => {
    render(['WORKSPACE_VIEW', 'COMPUTE_VIEW', 'COMPUTE_MANAGE']);
    expect(await screen.findByText('Only an Administrative user can change these settings.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite user' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete workspace…' })).toBeNull();
  });

  it('follows another administrator live: a new user appears from the subscription', async () => {
    const { api } = render();
    await screen.findByRole('list', { name: 'Users' });
    await vi.waitFor(() => expect(api.subscribed()).toBe(true));
    api.push(
      'workspaceSettingsChanged',
      settings([
        member('ada', 'Ada Lovelace', 'Administrative', { isMe: true }),
        member('otto', 'Otto Other', 'Technical'),
      ]),
    );
    const row = await screen.findByRole('listitem', { name: 'Otto Other' });
    expect(row.textContent).toContain('Technical');
  });
});
