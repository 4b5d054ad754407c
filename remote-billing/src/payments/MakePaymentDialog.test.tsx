import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { billingClient } from '../test/billingClient';
import { renderPage } from '../test/renderPage';
import { MakePaymentDialog } from './MakePaymentDialog';
import { card, intent, openInvoiceItem, optionsAnswer, payment } from './test/paymentsData';

const ROUTE = '/workspace/:contractUid/billing/:tab?';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** The sandbox's REST endpoint (Stripe's host in production): answers in turn, requests recorded. */
function sandbox(...answers: object[]) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => Response.json(answers.shift()));
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  const bodies = () => fetch.mock.calls.map(([url, init]) => ({ url, body: JSON.parse(String(init?.body)) }));
  return { fetch, bodies };
}

function renderDialog(
  answers: Record<string, (v: Record<string, unknown>) => unknown>,
  selected: string[] = [],
) {
  const api = billingClient(answers);
  const onPaid = vi.fn();
  const onClose = vi.fn();
  const view = renderPage(
    <MakePaymentDialog
      contractUid="C-1"
      selectedInvoiceUids={selected}
      open
      onClose={onClose}
      onPaid={onPaid}
    />,
    { path: '/workspace/C-1/billing/invoices', route: ROUTE, graphql: api.client },
  );
  return { ...view, api, onPaid, onClose };
}

async function typeCard(user: ReturnType<typeof renderPage>['user'], number: string, name = 'Ada Lovelace') {
  const dialog = screen.getByRole('dialog');
  await user.clear(within(dialog).getByRole('textbox', { name: /Card number/ }));
  await user.type(within(dialog).getByRole('textbox', { name: /Card number/ }), number);
  await user.clear(within(dialog).getByRole('textbox', { name: /Expiry date/ }));
  await user.type(within(dialog).getByRole('textbox', { name: /Expiry date/ }), '1234');
  await user.clear(within(dialog).getByRole('textbox', { name: /Security code/ }));
  await user.type(within(dialog).getByRole('textbox', { name: /Security code/ }), '123');
  const holder = within(dialog).getByRole('textbox', { name: /Name on card/ });
  if ((holder as HTMLInputElement).value !== name) {
    await user.clear(holder);
    await user.type(holder, name);
  }
}

describe('MakePaymentDialog', () => {
  it('a top-up: the amount refused on its field (three decimals, zero, over the maximum), then paid with a new card', async () => {
    const started = payment({ amount: '50.00', statementDescriptor: 'NORDWIND TOPUP' });
    const { user, api, onPaid } = renderDialog({
      MakePaymentOptions: optionsAnswer({ amountDue: '0.00' }),
      StartPayment: () => ({ data: { __typename: 'Mutation', startPayment: started } }),
    });
    // nothing is due and nothing selected: the top-up is the choice, its limits stated
    const topUp = await screen.findByRole('radio', { name: /Top up the balance/ });
    expect((topUp as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /The whole amount due/ }) as HTMLInputElement).disabled).toBe(
      true,
    );
    expect(screen.getByText('From €5.00 to €10,000.00.')).toBeTruthy();

    const amount = screen.getByRole('textbox', { name: /Amount \(EUR\)/ });
    for (const [typed, message] of [
      ['12.345', 'Amount: at most two decimals.'],
      ['0', 'Amount: must be more than zero.'],
      ['-5', 'Amount: must be more than zero.'],
      ['10000.01', 'Amount: at most €10,000.00.'],
      ['2', 'Amount: at least €5.00.'],
    ]) {
      await user.clear(amount);
      await user.type(amount, typed as string);
      await user.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText(message as string)).toBeTruthy();
      expect((amount as HTMLInputElement).value).toBe(typed);
    }
    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // no saved method: a new card, the sandbox's form, brand detected as typed
    expect(((await screen.findByRole('radio', { name: 'A new card' })) as HTMLInputElement).checked).toBe(
      true,
    );
    await typeCard(user, '4242424242424242');
    expect((screen.getByRole('textbox', { name: /Card number/ }) as HTMLInputElement).value).toBe(
      '4242 4242 4242 4242',
    );
    expect(screen.getByTestId('card-brand').textContent).toBe('Visa');
    expect((screen.getByRole('textbox', { name: /Expiry date/ }) as HTMLInputElement).value).toBe('12 / 34');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));

    // the review: amount, currency, what, method and the statement descriptor, before Confirm
    const review = await screen.findByLabelText('Payment summary');
    expect(review.textContent).toContain('€50.00');
    expect(review.textContent).toContain('EUR');
    expect(review.textContent).toContain('Top-up');
    expect(review.textContent).toContain('Visa •••• 4242');
    expect(review.textContent).toContain('NORDWIND TOPUP');
    expect(api.calls('StartPayment')).toEqual([
      {
        input: expect.objectContaining({
          contractUid: 'C-1',
          topUpAmount: '50.00',
          newCard: true,
          saveCard: false,
          returnUrl: '/workspace/C-1/billing/invoices',
          idempotencyKey: expect.any(String),
        }),
      },
    ]);

    // confirmed at the sandbox with the client secret; the card never went to the GraphQL api
    const rest = sandbox(intent('succeeded'));
    await user.click(screen.getByRole('button', { name: 'Pay €50.00' }));
    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(screen.getByText(/Thank you: €50.00 was paid \(Top-up\)/)).toBeTruthy();
    expect(rest.bodies()).toEqual([
      {
        url: '/sandbox/stripe/v1/payment_intents/pi_1/confirm',
        body: {
          client_secret: 'pi_1_secret_abc',
          return_url: '/workspace/C-1/billing/invoices?payment=pay-1',
          payment_method_data: {
            type: 'card',
            card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
          },
        },
      },
    ]);
    expect(JSON.stringify(api.fetch.mock.calls)).not.toContain('4242424242424242');
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('the selected invoices with their sum; a declined card is tried again without retyping the rest', async () => {
    const started = payment({
      amount: '178.50',
      purpose: 'INVOICES',
      invoiceUids: ['uid-INV-1', 'uid-INV-2'],
      fullDescription: 'Invoices INV-1, INV-2',
    });
    const { user, api } = renderDialog(
      {
        MakePaymentOptions: optionsAnswer({
          invoices: [
            openInvoiceItem('INV-1', '119.00'),
            openInvoiceItem('INV-2', '59.50'),
            openInvoiceItem('INV-3', '10.00'),
          ],
          methods: [card('m-1', { isDefault: true })],
          amountDue: '188.50',
        }),
        StartPayment: () => ({ data: { __typename: 'Mutation', startPayment: started } }),
      },
      ['uid-INV-1', 'uid-INV-2'],
    );
    const invoices = await screen.findByRole('radio', { name: /The 2 selected invoices/ });
    expect((invoices as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('€178.50')).toBeTruthy();
    expect(screen.getByText('INV-1, INV-2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));

    // the default saved card is preselected; a new card instead
    expect(
      ((await screen.findByRole('radio', { name: /Visa •••• 4242 · Default/ })) as HTMLInputElement).checked,
    ).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'A new card' }));
    await typeCard(user, '4000000000009995');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await screen.findByLabelText('Payment summary');
    expect(api.calls('StartPayment')[0]).toEqual({
      input: expect.objectContaining({ invoiceUids: ['uid-INV-1', 'uid-INV-2'], newCard: true }),
    });

    sandbox(
      intent('requires_payment_method', {
        last_payment_error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      }),
      intent('succeeded'),
    );
    await user.click(screen.getByRole('button', { name: 'Pay €178.50' }));
    // back at the card, the processor's message; the number is gone, the name stays
    const declined = await screen.findByRole('alert');
    expect(declined.textContent).toBe(
      'Payment declinedYour card has insufficient funds. Nothing was charged. Try another card or payment method.',
    );
    expect((screen.getByRole('textbox', { name: /Card number/ }) as HTMLInputElement).value).toBe('');
    await vi.waitFor(() =>
      expect((screen.getByRole('textbox', { name: /Name on card/ }) as HTMLInputElement).value).toBe(
        'Ada Lovelace',
      ),
    );
    await typeCard(user, '5555555555554444');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', { name: 'Pay €178.50' }));
    expect(await screen.findByText('Payment received')).toBeTruthy();
    // the same intent was confirmed again: one payment started
    expect(api.calls('StartPayment')).toHaveLength(1);
  });

  it('checks the card before anything is sent, naming the field', async () => {
    const { user, api } = renderDialog({ MakePaymentOptions: optionsAnswer() });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Card number/ }), '4242424242424241');
    await user.type(within(dialog).getByRole('textbox', { name: /Expiry date/ }), '0120');
    await user.type(within(dialog).getByRole('textbox', { name: /Security code/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    expect(await screen.findByText('Your card number is invalid.')).toBeTruthy();
    expect(screen.getByText('Your card’s expiration date is in the past.')).toBeTruthy();
    expect(screen.getByText('Your card’s security code is incomplete.')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(api.calls('StartPayment')).toEqual([]);
  });

  it('a refusal of the api is said in the dialog, and the dialog keeps what was chosen', async () => {
    const { user, api } = renderDialog({
      MakePaymentOptions: optionsAnswer({ methods: [card('m-1', { isDefault: true })] }),
      StartPayment: () => ({
        errors: [
          {
            message: 'This invoice is already paid.',
            extensions: { code: 'INVALID_INPUT', field: 'invoiceUids' },
          },
        ],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Review payment' }));
    await vi.waitFor(() => expect(api.calls('StartPayment')).toHaveLength(1));
    expect(await screen.findByText('This invoice is already paid.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Visa •••• 4242/ }) as HTMLInputElement).checked).toBe(true);
  });
});
