import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeClient } from '../test/computeClient';
import { portalWorkspace, renderPage } from '../test/renderPage';
import NewInstancePage from './NewInstancePage';

const CATALOG = {
  __typename: 'Query',
  computeCatalog: {
    __typename: 'ComputeCatalog',
    images: [
      {
        __typename: 'ComputeImage',
        uid: 'img',
        name: 'Debian 12',
        system: 'Debian 12',
        kind: 'OS',
        description: '',
      },
    ],
    locations: [
      { __typename: 'ComputeLocation', uid: 'loc', city: 'Frankfurt', country: 'DE', region: 'eu' },
    ],
    plans: [
      {
        __typename: 'ComputePlan',
        uid: 'plan',
        name: 'S',
        vcpus: 1,
        memoryMb: 2048,
        diskGb: 40,
        transferTb: 1,
        prices: [{ __typename: 'PlanPrice', currency: 'EUR', monthly: '5.00', hourly: '0.0068' }],
      },
    ],
  },
};

function setup(quota: { used: number; limit: number; invoiceOverdue: boolean }, refusalCode = '') {
  const api = computeClient({
    ComputeCatalog: () => ({ data: CATALOG }),
    SshKeys: () => ({ data: { sshKeys: [] } }),
    InstanceQuota: () => ({ data: { instanceQuota: { __typename: 'InstanceQuota', ...quota } } }),
    CreateInstance: () => ({
      data: null,
      errors: [{ message: 'The api’s English refusal.', extensions: { code: refusalCode } }],
    }),
  });
  return renderPage(<NewInstancePage />, {
    path: '/new-instance',
    route: '/new-instance',
    isAuthenticated: true,
    workspace: portalWorkspace('C-1'),
    graphql: api.client,
  });
}

async function deploy(user: ReturnType<typeof setup>['user']) {
  await user.click(await screen.findByRole('radio', { name: /Debian 12/ }));
  await user.click(screen.getByRole('radio', { name: /^S · / }));
  await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'web-9');
  await user.type(screen.getByLabelText(/^Root password/), 'Sturdy-Pass-1');
  await user.click(screen.getByRole('button', { name: 'Deploy' }));
}

describe('New instance: the account limits', () => {
  it('shows how many instances of the limit are used, with no warning while there is room', async () => {
    setup({ used: 3, limit: 10, invoiceOverdue: false });
    expect((await screen.findByTestId('instance-quota')).textContent).toBe('3 of 10 instances');
    expect(screen.queryByText(/contact support to raise the limit/)).toBeNull();
  });

  it('at the limit it says so before Deploy, and the refusal says to contact support', async () => {
    const { user } = setup({ used: 10, limit: 10, invoiceOverdue: false }, 'INSTANCE_LIMIT_REACHED');
    const text =
      'This workspace has reached its instance limit. Delete an instance you no longer need, or contact support to raise the limit.';
    expect(await screen.findByText(text)).toBeTruthy();
    await deploy(user);
    expect((await screen.findAllByText(text)).length).toBe(2);
    expect(screen.queryByText('The api’s English refusal.')).toBeNull();
  });

  it('with an overdue invoice it says to pay it', async () => {
    const { user } = setup({ used: 1, limit: 10, invoiceOverdue: true }, 'INVOICE_OVERDUE');
    const text =
      'An invoice of this workspace is overdue. Pay the overdue invoice (Billing › Invoices) to deploy new instances.';
    expect(await screen.findByText(text)).toBeTruthy();
    await deploy(user);
    expect((await screen.findAllByText(text)).length).toBe(2);
  });
});
