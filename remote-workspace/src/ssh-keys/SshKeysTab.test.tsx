import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/renderPage';
import { workspaceClient } from '../test/workspaceClient';
import { SshKeysTab } from './SshKeysTab';

const key = (uid: string, name: string) => ({
  __typename: 'SshKey',
  uid,
  name,
  fingerprint: `SHA256:${uid}fingerprint`,
  type: 'ed25519',
  bits: 256,
  createdAt: '2026-03-05T14:30:00.000Z',
});

function setup() {
  let keys = [key('k-1', 'Laptop')];
  const api = workspaceClient({
    ProfileSshKeys: () => ({ data: { sshKeys: keys } }),
    ProfileAddSshKey: (variables) => {
      if (!String(variables.publicKey).startsWith('ssh-ed25519'))
        return {
          data: null,
          errors: [
            { message: 'This is not a public key in OpenSSH format.', extensions: { field: 'publicKey' } },
          ],
        };
      const added = key('k-2', String(variables.name));
      keys = [added, ...keys];
      return { data: { addSshKey: added } };
    },
    ProfileDeleteSshKey: (variables) => {
      keys = keys.filter((k) => k.uid !== variables.uid);
      return { data: { deleteSshKey: variables.uid } };
    },
  });
  return { api, ...renderPage(<SshKeysTab />, { graphql: api.client }) };
}

describe('Profile › SSH keys', () => {
  it('lists keys by name and fingerprint, with the date in the user’s format', async () => {
    setup();
    expect(await screen.findByText('Laptop')).toBeTruthy();
    expect(screen.getByText('SHA256:k-1fingerprint')).toBeTruthy();
    expect(screen.getByText(/Added 05\.03\.2026/)).toBeTruthy();
  });

  it("adds a key; the api's refusal shows on the key field with what was typed kept; the list reloads", async () => {
    const { user, portal } = setup();
    await screen.findByText('Laptop');
    await user.click(screen.getByRole('button', { name: 'Add SSH key' }));
    const name = await screen.findByLabelText(/^Name/);
    const publicKey = screen.getByLabelText(/^Public key/);
    await user.type(name, 'Desk');
    await user.type(publicKey, 'ssh-rsa nonsense');
    await user.click(screen.getByText('Add key'));
    expect(await screen.findByText('This is not a public key in OpenSSH format.')).toBeTruthy();
    expect((publicKey as HTMLTextAreaElement).value).toBe('ssh-rsa nonsense');
    await user.clear(publicKey);
    await user.type(publicKey, 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI desk');
    await user.click(screen.getByText('Add key'));
    await waitFor(() =>
      expect(portal.notify).toHaveBeenCalledWith({ type: 'success', message: 'SSH key Desk added.' }),
    );
    expect(await screen.findByText('Desk')).toBeTruthy();
  });

  it('deletes a key after the confirm dialog', async () => {
    const { user, portal, api } = setup();
    await screen.findByText('Laptop');
    await user.click(screen.getByRole('button', { name: 'Delete Laptop' }));
    expect(portal.confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Delete SSH key?',
        text: expect.stringContaining('<strong>Laptop</strong>'),
      }),
    );
    expect(await screen.findByText('No SSH keys yet')).toBeTruthy();
    expect(api.sent().some((op) => op.operationName === 'ProfileDeleteSshKey')).toBe(true);
  });
});
