import { EMPTY_RUNTIME_CONFIG, PortalContext } from '@portal/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { billingClient } from '../test/billingClient';
import { renderPage } from '../test/renderPage';
import { MakePaymentDialog } from './MakePaymentDialog';
import { optionsAnswer, payment, paypal } from './test/paymentsData';

// PayPal's SDK loads a script from paypal.com (unreachable here): mocked at its import boundary.
// The fake buttons do what PayPal's do: createOrder, then onApprove with the order id; or onCancel.
const rendered = vi.hoisted(() => ({ providers: [] as Record<string, unknown>[], buttons: 0 }));
vi.mock('@paypal/react-paypal-js', () => ({
  usePayPalScriptReducer: () => [{ isPending: false, isRejected: false, isResolved: true }],
  PayPalScriptProvider: ({ options, children }: { options: Record<string, unknown>; children: unknown }) => {
    rendered.providers.push(options);
    return children;
  },
  PayPalButtons: (props: {
    createOrder: () => Promise<string>;
    onApprove: (data: { orderID: string }) => Promise<void>;
    onCancel: () => void;
    onError: (error: unknown) => void;
  }) => {
    rendered.buttons++;
    return (
      <div>
        <button
          type="button"
          onClick={async () => {
            try {
              const orderID = await props.createOrder();
              await props.onApprove({ orderID });
            } catch (error) {
              props.onError(error);
            }
          }}
        >
          PayPal (fake)
        </button>
        <button
          type="button"
          onClick={async () => {
            await props.createOrder();
            props.onCancel();
          }}
        >
          Close PayPal (fake)
        </button>
      </div>
    );
  },
}));

const ROUTE = '/workspace/:contractUid/billing/:tab?';
const ORDER = '5O190127TN364715T';
const paypalPayment = (fields: Record<string, unknown> = {}) =>
  payment({
    provider: 'PAYPAL',
    methodType: 'PAYPAL',
    status: 'REQUIRES_ACTION',
    intentId: ORDER,
    clientSecret: ORDER,
    nextAction: {
      __typename: 'PaymentNextAction',
      type: 'PAYPAL_APPROVAL',
      url: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER}`,
    },
    ...fields,
  } as never);

function renderDialog(
  paypalClientId: string | null,
  answers: Record<string, (v: Record<string, unknown>) => unknown> = {},
) {
  const api = billingClient({
    MakePaymentOptions: optionsAnswer({ amountDue: '0.00' }),
    StartPayment: () => ({ data: { __typename: 'Mutation', startPayment: paypalPayment() } }),
    ...answers,
  });
  const onPaid = vi.fn();
  const dialog = (
    <PortalContext.Consumer>
      {(portal) => (
        <PortalContext.Provider
          value={portal && { ...portal, runtimeConfig: { ...EMPTY_RUNTIME_CONFIG, paypalClientId } }}
        >
          <MakePaymentDialog
            contractUid="C-1"
            selectedInvoiceUids={[]}
            open
            onClose={vi.fn()}
            onPaid={onPaid}
          />
        </PortalContext.Provider>
      )}
    </PortalContext.Consumer>
  );
  const view = renderPage(dialog, {
    path: '/workspace/C-1/billing/invoices',
    route: ROUTE,
    graphql: api.client,
  });
  return { ...view, api, onPaid };
}

async function reviewPayPal(user: ReturnType<typeof renderPage>['user']) {
  await user.type(await screen.findByRole('textbox', { name: /Amount \(EUR\)/ }), '50');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByRole('radio', { name: 'PayPal' }));
  await user.click(screen.getByRole('button', { name: 'Review payment' }));
  const review = await screen.findByLabelText('Payment summary');
  expect(review.textContent).toContain('€50.00');
  expect(review.textContent).toContain('NORDWIND TOPUP');
}

describe('Make a Payment with real PayPal', () => {
  it('renders PayPal’s buttons when a client id is configured: createOrder starts our payment, onApprove captures it', async () => {
    rendered.providers.length = 0;
    const { user, api, onPaid } = renderDialog('paypal-client-id', {
      CapturePayPalPayment: () => ({
        data: {
          __typename: 'Mutation',
          capturePayPalPayment: paypalPayment({ status: 'SUCCEEDED', nextAction: null }),
        },
      }),
    });
    await reviewPayPal(user);
    // PayPal's buttons instead of the sandbox's Continue
    const pay = await screen.findByRole('button', { name: 'PayPal (fake)' });
    expect(screen.queryByRole('button', { name: 'Continue to PayPal' })).toBeNull();
    expect(screen.getByText(/PayPal opens in a window/)).toBeTruthy();
    expect(rendered.providers.at(-1)).toMatchObject({
      clientId: 'paypal-client-id',
      currency: 'EUR',
      intent: 'capture',
    });

    await user.click(pay);
    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(onPaid).toHaveBeenCalledOnce();
    // createOrder asked our api again with the same key: the same payment, its PayPal order
    const starts = api.calls('StartPayment') as { input: Record<string, unknown> }[];
    expect(starts).toHaveLength(2);
    expect(starts[1]!.input).toEqual(starts[0]!.input);
    expect(starts[1]!.input).toMatchObject({ paypal: true, topUpAmount: '50.00', contractUid: 'C-1' });
    expect(api.calls('CapturePayPalPayment')).toEqual([{ contractUid: 'C-1', uid: 'pay-1' }]);
  });

  it('PayPal closed by the buyer: the payment is canceled and says so; declined: the reason', async () => {
    const { user, api } = renderDialog('paypal-client-id', {
      CancelPayment: () => ({
        data: { __typename: 'Mutation', cancelPayment: paypalPayment({ status: 'CANCELED' }) },
      }),
      CapturePayPalPayment: () => ({
        data: {
          __typename: 'Mutation',
          capturePayPalPayment: paypalPayment({
            status: 'REQUIRES_PAYMENT_METHOD',
            nextAction: null,
            lastError: {
              __typename: 'PaymentError',
              code: 'paypal_declined',
              declineCode: 'INSTRUMENT_DECLINED',
              message:
                'PayPal declined the payment. Choose another funding source in PayPal, or pay with a card.',
            },
          }),
        },
      }),
    });
    await reviewPayPal(user);
    await user.click(await screen.findByRole('button', { name: 'Close PayPal (fake)' }));
    const canceled = (await screen.findByText('Payment canceled')).closest('[role="status"]')!;
    expect(canceled.textContent).toContain(
      'You canceled the PayPal payment of €50.00. Nothing was charged and nothing changed.',
    );
    expect(api.calls('CancelPayment')).toEqual([{ contractUid: 'C-1', uid: 'pay-1' }]);

    // a new try with a new key: PayPal declines, the reason shown, nothing paid
    await user.click(screen.getByRole('button', { name: 'PayPal (fake)' }));
    expect(
      await screen.findByText(/PayPal declined the payment\. Choose another funding source in PayPal/),
    ).toBeTruthy();
    expect(screen.queryByText('Payment received')).toBeNull();
    const keys = (api.calls('StartPayment') as { input: { idempotencyKey: string } }[]).map(
      (call) => call.input.idempotencyKey,
    );
    expect(keys).toHaveLength(3);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('without a client id: the sandbox’s flow, PayPal’s SDK never rendered', async () => {
    rendered.buttons = 0;
    const { user } = renderDialog(null);
    await reviewPayPal(user);
    expect(await screen.findByRole('button', { name: 'Continue to PayPal' })).toBeTruthy();
    expect(
      screen.getByText('You will approve the payment on PayPal’s page; nothing is charged before you do.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('paypal-buttons')).toBeNull();
    expect(rendered.buttons).toBe(0);
  });

  it('a saved PayPal account (vault): Pay charges it through our api, no PayPal buttons, no approval', async () => {
    rendered.buttons = 0;
    const saved = paypal('m-2', { isDefault: true, paypalPayerEmail: 'buyer@nordwind.example' });
    const vaultPayment = (fields: Record<string, unknown> = {}) =>
      paypalPayment({
        status: 'REQUIRES_PAYMENT_METHOD',
        intentId: 'PPVAULT-pay-1',
        clientSecret: '',
        nextAction: null,
        paymentMethodUid: 'm-2',
        ...fields,
      });
    const { user, api, onPaid } = renderDialog('paypal-client-id', {
      MakePaymentOptions: optionsAnswer({ amountDue: '0.00', methods: [saved] }),
      StartPayment: () => ({ data: { __typename: 'Mutation', startPayment: vaultPayment() } }),
      CapturePayPalPayment: () => ({
        data: {
          __typename: 'Mutation',
          capturePayPalPayment: vaultPayment({ status: 'SUCCEEDED', intentId: ORDER, clientSecret: ORDER }),
        },
      }),
    });
    await user.type(await screen.findByRole('textbox', { name: /Amount \(EUR\)/ }), '50');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      ((await screen.findByRole('radio', { name: /PayPal buyer@nordwind\.example/ })) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await user.click(await screen.findByRole('button', { name: 'Pay €50.00' }));
    expect(await screen.findByText('Payment received')).toBeTruthy();
    expect(onPaid).toHaveBeenCalledOnce();
    expect((api.calls('StartPayment') as { input: Record<string, unknown> }[])[0]!.input).toMatchObject({
      paymentMethodUid: 'm-2',
      topUpAmount: '50.00',
    });
    expect(api.calls('CapturePayPalPayment')).toEqual([{ contractUid: 'C-1', uid: 'pay-1' }]);
    expect(rendered.buttons).toBe(0);
  });
});
