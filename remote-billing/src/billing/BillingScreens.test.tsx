import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingClient } from '../test/billingClient';
import { balance, invoice, invoicePage, legacyContract, openInvoice, pageAnswers } from '../test/billingData';
import { portalWorkspace, renderPage } from '../test/renderPage';
import BillingPage from './BillingPage';

const ROUTE = '/workspace/:contractUid/billing/:tab?';

type Answers = Record<string, (variables: Record<string, unknown>) => unknown>;

function renderBilling(path: string, answers: Answers = {}, options: Parameters<typeof pageAnswers>[0] = {}) {
  const api = billingClient({ ...pageAnswers(options), ...answers });
  const view = renderPage(<BillingPage />, {
    path,
    route: ROUTE,
    graphql: api.client,
    workspace: portalWorkspace('C-1', 'EUR', options.legacy ? 'STD' : 'CAB'),
  });
  return { ...view, api };
}

const invoicesAnswer = (page: ReturnType<typeof invoicePage>) => () => ({
  data: { __typename: 'Query', invoices: page },
});

describe('the fund balance', () => {
  it('shows every figure of the balance in the workspace currency', async () => {
    renderBilling('/workspace/C-1/billing');
    const region = await screen.findByRole('region', { name: 'Fund balance' });
    await within(region).findByText('€250.00');
    expect(within(region).getByTestId('billing-amountDue').textContent).toContain('€0.00');
    expect(within(region).getByTestId('billing-bonusBalance').textContent).toContain('€20.00');
    expect(within(region).getByTestId('billing-debitBalance').textContent).toContain('€0.00');
    expect(within(region).getByTestId('billing-limit').textContent).toContain('€500.00');
    expect(within(region).getByTestId('billing-vatRate').textContent).toContain('19 %');
    expect(within(region).getByTestId('billing-sinceLastInvoice').textContent).toContain('€37.80');
  });

  it('a negative amount shows minus the amount due (spec section 4), in dollars', async () => {
    renderBilling('/workspace/C-1/billing', {
      BillingBalance: () => ({
        data: {
          __typename: 'Query',
          fundBalance: balance({
            amount: '-42.50',
            amountDue: '42.50',
            debitBalance: '42.50',
            currency: 'USD',
          }),
        },
      }),
    });
    expect((await screen.findByTestId('billing-balance')).textContent).toBe('-$42.50');
    expect(screen.getByTestId('billing-debitBalance').textContent).toContain('$42.50');
  });

  it('changes live with a workspaceChanged event, and the lists are asked again', async () => {
    const { api } = renderBilling('/workspace/C-1/billing', {
      Invoices: invoicesAnswer(invoicePage([openInvoice('INV-2026-000002')])),
    });
    await screen.findByText('€250.00');
    await screen.findByText('INV-2026-000002');
    await waitFor(() => expect(api.subscribed('workspaceChanged')).toBe(true));
    const before = api.calls('Invoices').length;
    api.push('workspaceChanged', {
      __typename: 'Workspace',
      contractUid: 'C-1',
      balance: balance({ amount: '369.00', sinceLastInvoice: '40.00' }),
    });
    await screen.findByText('€369.00');
    expect(screen.getByTestId('billing-sinceLastInvoice').textContent).toContain('€40.00');
    await waitFor(() => expect(api.calls('Invoices').length).toBe(before + 1));
  });

  it('a failing api shows the error with Try again, and the page stays', async () => {
    let fail = true;
    const { user } = renderBilling('/workspace/C-1/billing', {
      BillingBalance: () =>
        fail
          ? { data: null, errors: [{ message: 'You do not have permission to perform this action' }] }
          : { data: { __typename: 'Query', fundBalance: balance() } },
    });
    expect(
      await screen.findByText('This could not be loaded. You do not have permission to perform this action'),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Invoices' })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('€250.00');
  });
});

describe('the Invoices tab', () => {
  it('lists number, dates in the user format, amounts, status and the payment that settled it', async () => {
    renderBilling('/workspace/C-1/billing', {
      Invoices: invoicesAnswer(
        invoicePage([
          openInvoice('INV-2026-000003', { dateInvoiced: '2026-11-01', dateDue: '2026-11-15' }),
          openInvoice('INV-2026-000002', {
            dateInvoiced: '2026-10-01',
            dateDue: '2026-10-15',
            status: 'OVERDUE',
            amountDue: '19.00',
          }),
          invoice('INV-2026-000001', { dateInvoiced: '2026-09-01', dateDue: '2026-09-15' }),
        ]),
      ),
    });
    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'INV-2026-000003',
      'INV-2026-000002',
      'INV-2026-000001',
    ]);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!)).toEqual([
      '',
      'INV-2026-000003',
      '01.11.2026',
      '15.11.2026',
      '€119.00',
      '€119.00',
      'Open',
      '',
    ]);
    expect(cells(rows[1]!)[6]).toBe('Overdue');
    expect(cells(rows[2]!)[6]).toBe('Paid€119.00 by Demo Customer, 05.10.2026 09:30');
    const download = within(rows[2]!).getByRole('link', { name: 'Download invoice INV-2026-000001 as PDF' });
    expect(download.getAttribute('href')).toBe('/api/invoices/uid-INV-2026-000001/pdf');
    expect(download.getAttribute('download')).toBe('INV-2026-000001.pdf');
    // only open invoices carry a checkbox
    expect(within(rows[2]!).queryByRole('checkbox')).toBeNull();
  });

  it('selecting open invoices sums what they owe and hands them to Make a Payment', async () => {
    const { user } = renderBilling('/workspace/C-1/billing', {
      Invoices: invoicesAnswer(
        invoicePage([openInvoice('INV-2026-000003'), openInvoice('INV-2026-000002', { amountDue: '0.10' })]),
      ),
    });
    await user.click(
      await screen.findByRole('checkbox', { name: 'Select invoice INV-2026-000003 for payment' }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-2026-000002 for payment' }));
    expect(screen.getByText('2 invoices selected (€119.10 due)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryByText(/selected/)).toBeNull();
  });

  it('no checkboxes for someone who may not pay', async () => {
    renderBilling(
      '/workspace/C-1/billing',
      { Invoices: invoicesAnswer(invoicePage([openInvoice('INV-2026-000003')])) },
      { role: 'Technical' },
    );
    await screen.findByText('INV-2026-000003');
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('filters by status and period; From after To is refused on To and the list stays', async () => {
    const { api, user } = renderBilling('/workspace/C-1/billing', {
      Invoices: invoicesAnswer(invoicePage([invoice('INV-2026-000001')])),
    });
    await screen.findByText('INV-2026-000001');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Overdue' }));
    await waitFor(() =>
      expect(api.calls('Invoices').at(-1)).toMatchObject({ filter: { status: ['OVERDUE'] }, after: null }),
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-01' } });
    await waitFor(() =>
      expect(api.calls('Invoices').at(-1)).toMatchObject({
        filter: { status: ['OVERDUE'], from: '2026-05-01' },
      }),
    );
    const asked = api.calls('Invoices').length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-04-30' } });
    expect(await screen.findByText('“From” must not be after “To”.')).toBeTruthy();
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-04-30');
    expect(api.calls('Invoices').length).toBe(asked);
    expect(screen.getByText('INV-2026-000001')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // the unfiltered first page is the cached one
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('“From” must not be after “To”.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    expect(screen.getByText('INV-2026-000001')).toBeTruthy();
  });

  it('pages through the api with its cursor, and back', async () => {
    const pages: Record<string, ReturnType<typeof invoicePage>> = {
      first: invoicePage([invoice('INV-2026-000050')], {
        totalCount: 50,
        hasNextPage: true,
        endCursor: 'c-25',
      }),
      'c-25': invoicePage([invoice('INV-2026-000025')], {
        totalCount: 50,
        hasNextPage: false,
        endCursor: 'c-50',
      }),
    };
    const { api, user } = renderBilling('/workspace/C-1/billing', {
      Invoices: (variables) => ({
        data: { __typename: 'Query', invoices: pages[(variables.after as string | null) ?? 'first'] },
      }),
    });
    await screen.findByText('INV-2026-000050');
    expect(screen.getByText('1–1 of 50')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('INV-2026-000025');
    expect(api.calls('Invoices').at(-1)).toMatchObject({ first: 25, after: 'c-25' });
    expect(screen.getByText('26–26 of 50')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await screen.findByText('INV-2026-000050');
  });

  it('on a phone the invoices are cards, with the same facts and the checkbox', async () => {
    const matchMedia = vi.fn((query: string) => ({
      matches: query === '(max-width: 639px)',
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    }));
    const original = window.matchMedia;
    window.matchMedia = matchMedia as unknown as typeof window.matchMedia;
    try {
      renderBilling('/workspace/C-1/billing', {
        Invoices: invoicesAnswer(invoicePage([openInvoice('INV-2026-000003', { status: 'OVERDUE' })])),
      });
      const list = await screen.findByRole('list', { name: 'Invoices' });
      expect(screen.queryByRole('table', { name: 'Invoices' })).toBeNull();
      const card = within(list).getByRole('group', { name: 'INV-2026-000003' });
      expect(card.textContent).toContain('Overdue');
      expect(card.textContent).toContain('Amount due€119.00');
      expect(
        within(card).getByRole('checkbox', { name: 'Select invoice INV-2026-000003 for payment' }),
      ).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });

  it('an empty workspace says so', async () => {
    renderBilling('/workspace/C-1/billing');
    expect(await screen.findByText('No invoices yet')).toBeTruthy();
  });
});

describe('the other tabs', () => {
  it('upcoming charges per service, the total and the date of the next invoice', async () => {
    renderBilling('/workspace/C-1/billing/upcoming', {
      UpcomingCharges: () => ({
        data: {
          __typename: 'Query',
          upcomingCharges: {
            __typename: 'UpcomingCharges',
            contractUid: 'C-1',
            currency: 'EUR',
            nextInvoiceDate: '2026-12-01',
            total: '37.80',
            services: [
              { __typename: 'UpcomingCharge', uid: 'compute:a', title: 'web-1 (S)', amount: '25.50' },
              { __typename: 'UpcomingCharge', uid: 'compute:b', title: 'db-1 (XS)', amount: '12.30' },
            ],
          },
        },
      }),
    });
    expect(
      await screen.findByText('What your next invoice holds so far. It is issued on 01.12.2026.'),
    ).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Upcoming charges' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'ServiceAmount',
      'web-1 (S)€25.50',
      'db-1 (XS)€12.30',
      'Total before VAT€37.80',
    ]);
  });

  it('legacy contracts: number, services with title, description, monthly price, and the total', async () => {
    renderBilling(
      '/workspace/C-1/billing/legacy-contracts',
      { LegacyContract: () => ({ data: { __typename: 'Query', legacyContract: legacyContract() } }) },
      { legacy: true },
    );
    const table = await screen.findByRole('table', { name: 'Contract STD-1001' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ServiceDescriptionMonthly price',
      'Webhosting Basic10 GB web space, 5 mailboxes€9.90',
      'Domain example.comRegistration and DNS€14.90',
    ]);
    expect(screen.getByTestId('legacy-monthly-total').textContent).toBe('€24.80');
  });

  it('legacy invoices: number, amount and amount due', async () => {
    renderBilling(
      '/workspace/C-1/billing/legacy-invoices',
      {
        LegacyContract: () => ({
          data: {
            __typename: 'Query',
            legacyContract: legacyContract('C-1', {
              invoices: [
                openInvoice('LEG-000042', { amount: '47.60', amountDue: '42.50', status: 'OVERDUE' }),
              ],
            }),
          },
        }),
      },
      { legacy: true },
    );
    const table = await screen.findByRole('table', { name: 'Legacy invoices' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 1)).toEqual(['LEG-000042']);
    expect(cells).toContain('€47.60');
    expect(cells).toContain('€42.50');
    expect(cells).toContain('Overdue');
  });
});
