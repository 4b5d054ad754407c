import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/renderPage';
import { workspaceClient } from '../test/workspaceClient';
import { DeactivateAccountDialog } from './DeactivateAccountDialog';

const ws = (contractUid: string, workspaceName: string, role: string | null, servicesCount = 0) => ({
  __typename: 'MyWorkspace' as const,
  contractUid,
  workspaceName,
  accountUid: `acc-${contractUid}`,
  accountName: `${workspaceName} GmbH`,
  role: role as never,
  servicesCount,
});

describe('DeactivateAccountDialog', () => {
  it('warns with the workspaces, then asks the password; Back returns; then signs out', async () => {
    const deactivate = vi.fn(() => ({
      data: { deactivateAccount: { __typename: 'DeactivatedAccount', email: 'ada@example.com' } },
    }));
    const api = workspaceClient({ DeactivateAccount: deactivate });
    const getSession = vi.fn(async () => ({ status: 401 }) as never);
    const onClose = vi.fn();
    const { user, portal } = renderPage(
      <DeactivateAccountDialog
        workspaces={[ws('c1', 'Nordwind Cloud', 'Technical')]}
        blockers={[]}
        onClose={onClose}
      />,
      { graphql: api.client, identity: { getSession } },
    );
    const warning = await screen.findByRole('alertdialog', { name: 'Deactivate your account?' });
    expect(warning.textContent).toContain('This cannot be undone.');
    expect(warning.textContent).toContain('Nordwind Cloud (Nordwind Cloud GmbH) · Technical');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('alertdialog', { name: 'Confirm with your password' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('alertdialog', { name: 'Deactivate your account?' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText(/^Password/), 'Demo-Pass-2026');
    await user.click(screen.getByRole('button', { name: 'Deactivate account' }));
    await vi.waitFor(() => expect(getSession).toHaveBeenCalled());
    expect(deactivate).toHaveBeenCalledWith({ password: 'Demo-Pass-2026' });
    expect(portal.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'Your account has been deactivated.',
    });
  });

  it('while the user is the last Administrative user somewhere, names those workspaces and goes no further', async () => {
    renderPage(
      <DeactivateAccountDialog
        workspaces={[ws('c1', 'Nordwind Cloud', 'Administrative', 2)]}
        blockers={[ws('c1', 'Nordwind Cloud', 'Administrative', 2)]}
        onClose={() => {}}
      />,
      { graphql: workspaceClient({}).client },
    );
    const warning = await screen.findByRole('alertdialog', { name: 'Deactivate your account?' });
    expect(warning.textContent).toContain('You are the last Administrative user of these workspaces.');
    expect(warning.textContent).toContain('Nordwind Cloud (Nordwind Cloud GmbH) · 2 services');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});
