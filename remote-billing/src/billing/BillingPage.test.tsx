import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingClient } from '../test/billingClient';
import { pageAnswers } from '../test/billingData';
import { portalWorkspace, renderPage } from '../test/renderPage';
import BillingPage from './BillingPage';

const ROUTE = '/workspace/:contractUid/billing/:tab?';

function renderBilling(
  path: string,
  options: Parameters<typeof pageAnswers>[0] & { kind?: 'STD' | 'CAB' } = {},
) {
  const api = billingClient(pageAnswers(options));
  const view = renderPage(<BillingPage />, {
    path,
    route: ROUTE,
    graphql: api.client,
    workspace: portalWorkspace('C-1', 'EUR', options.kind ?? 'CAB'),
  });
  return { ...view, api };
}

// Fluent writes a tab's text twice (the second, hidden, reserves the bold width)
const tabNames = () =>
  within(screen.getByRole('tablist'))
    .getAllByRole('tab')
    .map((tab) => tab.querySelector('.fui-Tab__content')?.textContent);

describe('BillingPage', () => {
  it('a legacy workspace: five tabs, Invoices by default, in the URL', async () => {
    const { location } = renderBilling('/workspace/C-1/billing', { legacy: true, kind: 'STD' });
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeTruthy();
    expect(tabNames()).toEqual([
      'Invoices',
      'Upcoming charges',
      'Legacy invoices',
      'Legacy contracts',
      'Payment methods',
    ]);
    expect(screen.getByRole('tab', { name: 'Invoices' }).getAttribute('aria-selected')).toBe('true');
    expect(location()).toBe('/workspace/C-1/billing/invoices');
  });

  it('a cabinet workspace hides both legacy tabs and leaves a legacy tab for Invoices', async () => {
    const { location, api } = renderBilling('/workspace/C-1/billing/legacy-contracts', { legacy: false });
    await vi.waitFor(() => expect(api.calls('BillingLegacyPresence')).toHaveLength(1));
    await vi.waitFor(() => expect(location()).toBe('/workspace/C-1/billing/invoices'));
    expect(tabNames()).toEqual(['Invoices', 'Upcoming charges', 'Payment methods']);
  });

  it('a tab is chosen in the URL', async () => {
    const { location, user } = renderBilling('/workspace/C-1/billing/invoices', { legacy: true });
    await user.click(await screen.findByRole('tab', { name: 'Legacy contracts' }));
    expect(location()).toBe('/workspace/C-1/billing/legacy-contracts');
  });

  it('Make a Payment for the Administrative and Billing roles, opening the payment dialog', async () => {
    const { user } = renderBilling('/workspace/C-1/billing', { role: 'Billing' });
    await user.click(await screen.findByRole('button', { name: 'Make a Payment' }));
    // (jsdom: tabster's modalizer marks the surface aria-hidden while it settles, hence `hidden`)
    expect((await screen.findByRole('dialog', { hidden: true })).textContent).toContain('Make a Payment');
  });

  it('no Make a Payment for the Technical role or an authorized person', async () => {
    const technical = renderBilling('/workspace/C-1/billing', { role: 'Technical' });
    await vi.waitFor(() => expect(technical.api.calls('BillingRoles')).toHaveLength(1));
    await screen.findByRole('tab', { name: 'Invoices' });
    expect(screen.queryByRole('button', { name: 'Make a Payment' })).toBeNull();
    technical.unmount();
    const person = renderBilling('/workspace/C-1/billing', { email: 'someone-else@example.com' });
    await vi.waitFor(() => expect(person.api.calls('BillingRoles')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Make a Payment' })).toBeNull();
  });
});
