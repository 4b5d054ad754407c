import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ProductsPage from '../products/ProductsPage';
import SolutionsPage from '../solutions/SolutionsPage';
import { computeClient } from '../test/computeClient';
import { portalWorkspace, renderPage } from '../test/renderPage';
import { offerFilter } from './offerFilters';

const offer = (templateUid: string, kind: string, category: string, title: string) => ({
  __typename: 'Offer',
  templateUid,
  kind,
  category,
  title,
  description: `${title} described`,
  image: { __typename: 'ComputeImage', uid: `img-${templateUid}`, name: 'Debian 12', system: 'Debian 12' },
  plan: {
    __typename: 'ComputePlan',
    uid: `plan-${templateUid}`,
    name: 'S',
    vcpus: 1,
    memoryMb: 2048,
    diskGb: 40,
    transferTb: 1,
    prices: [
      { __typename: 'PlanPrice', currency: 'EUR', monthly: '4.00', hourly: '0.0055' },
      { __typename: 'PlanPrice', currency: 'USD', monthly: '4.50', hourly: '0.0062' },
    ],
  },
});
const PRODUCTS = [
  offer('t-vm', 'PRODUCT', 'COMPUTE', 'Cloud server'),
  offer('t-dc', 'PRODUCT', 'DATA_CENTER', 'Dedicated rack'),
  offer('t-ot', 'PRODUCT', 'OTHER', 'Backup space'),
];
const SOLUTIONS = [
  offer('t-wp', 'SOLUTION', 'WEBSITES', 'WordPress'),
  offer('t-vpn', 'SOLUTION', 'VPNS', 'WireGuard'),
];
const offersAnswer = (variables: Record<string, unknown>) => ({
  data: { __typename: 'Query', offers: variables.kind === 'SOLUTION' ? SOLUTIONS : PRODUCTS },
});

/** The filter tabs, in order (a Fluent tab renders its text twice: once to reserve the bold width). */
function expectTabs(names: string[]) {
  const tabs = screen.getAllByRole('tab');
  expect(tabs).toHaveLength(names.length);
  for (const [index, name] of names.entries()) expect(screen.getByRole('tab', { name })).toBe(tabs[index]);
}

describe('offerFilter', () => {
  it('accepts the kind’s filters only', () => {
    expect(offerFilter('PRODUCT', 'data-center')).toBe('data-center');
    expect(offerFilter('PRODUCT', 'vpns')).toBe('all');
    expect(offerFilter('SOLUTION', 'vpns')).toBe('vpns');
    expect(offerFilter('SOLUTION', null)).toBe('all');
  });
});

describe('Products and Solutions', () => {
  it('Products: cards with title, description and price, filtered from the URL', async () => {
    renderPage(<ProductsPage />, {
      path: '/products?filter=data-center',
      route: '/products',
      graphql: computeClient({ Offers: offersAnswer }).client,
      workspace: portalWorkspace('C-1', 'USD'),
    });
    expect(await screen.findByRole('heading', { name: 'Dedicated rack' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Cloud server' })).toBeNull();
    expect(screen.getByText('Dedicated rack described')).toBeTruthy();
    expect(screen.getByText('from $4.50/month')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Data center' }).getAttribute('aria-selected')).toBe('true');
    expectTabs(['All', 'Compute', 'Data center', 'Other']);
  });

  it('a filter goes into the URL; All takes it out', async () => {
    const { user, location } = renderPage(<ProductsPage />, {
      path: '/products',
      route: '/products',
      graphql: computeClient({ Offers: offersAnswer }).client,
    });
    await screen.findByRole('heading', { name: 'Cloud server' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    await user.click(screen.getByRole('tab', { name: 'Other' }));
    expect(location()).toBe('/products?filter=other');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Backup space']);
    await user.click(screen.getByRole('tab', { name: 'All' }));
    expect(location()).toBe('/products');
  });

  it('Solutions: its own filters; an offer leads to New instance with its template', async () => {
    const { user, location } = renderPage(<SolutionsPage />, {
      path: '/solutions?filter=vpns',
      route: '/solutions',
      graphql: computeClient({ Offers: offersAnswer }).client,
    });
    expectTabs(['All', 'Websites', 'Hosting', 'Applications', 'VPNs']);
    await user.click(await screen.findByRole('button', { name: 'Configure WireGuard' }));
    await waitFor(() => expect(location()).toBe('/new-instance?template_uid=t-vpn'));
  });

  it('an empty category says so', async () => {
    renderPage(<SolutionsPage />, {
      path: '/solutions?filter=hosting',
      route: '/solutions',
      graphql: computeClient({ Offers: offersAnswer }).client,
    });
    expect(await screen.findByRole('heading', { name: 'No offer in this category yet.' })).toBeTruthy();
  });
});
