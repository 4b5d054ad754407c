import { EMPTY_RUNTIME_CONFIG, PortalContext } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { card, paypal } from '../payments/test/paymentsData';
import { billingClient } from '../test/billingClient';
import { roles } from '../test/billingData';
import { renderPage } from '../test/renderPage';
import { PaymentMethodsTab } from './PaymentMethodsTab';

// Stripe's Payment Element is Stripe's own frame: here, what it was given
vi.mock('../payments/StripeCardForm', () => ({
  default: (props: { publishableKey: string; clientSecret: string; intent: string }) => (
    <div data-testid="stripe-form" data-key={props.publishableKey} data-secret={props.clientSecret}>
      {props.intent}
    </div>
  ),
}));

const ROUTE = '/workspace/:contractUid/billing/:tab?';
const PATH = '/workspace/C-1/billing/payment-methods';

function renderTab(
  answers: Record<string, (v: Record<string, unknown>) => unknown>,
  role = 'Billing',
  stripePublishableKey: string | null = null,
) {
  const api = billingClient({
    BillingRoles: () => roles('C-1', [{ email: 'demo@example.com', role }]),
    PaymentMethods: () => ({
      data: {
        __typename: 'Query',
        paymentMethods: [card('m-1', { isDefault: true }), paypal('m-2')],
      },
    }),
    ...answers,
  });
  // the host's runtime config, with Stripe's publishable key when the deployment has one
  const tab = (
    <PortalContext.Consumer>
      {(portal) => (
        <PortalContext.Provider
          value={portal && { ...portal, runtimeConfig: { ...EMPTY_RUNTIME_CONFIG, stripePublishableKey } }}
        >
          <PaymentMethodsTab contractUid="C-1" />
        </PortalContext.Provider>
      )}
    </PortalContext.Consumer>
  );
  const view = renderPage(tab, { path: PATH, route: ROUTE, graphql: api.client });
  return { ...view, api };
}

describe('PaymentMethodsTab', () => {
  it('lists cards and PayPal accounts with their details, the default marked', async () => {
    renderTab({});
    const visa = await screen.findByRole('listitem', { name: 'Visa •••• 4242' });
    expect(visa.textContent).toContain('Default');
    expect(visa.textContent).toContain('Expires 12/30 · Added 15.01.2026');
    const account = screen.getByRole('listitem', { name: 'PayPal payer@example.com' });
    expect(account.textContent).toContain('PayPal account, DE');
    expect(account.textContent).not.toContain('Default');
    expect(screen.getByRole('button', { name: 'Add card' })).toBeTruthy();
  });

  it('a Technical user sees the methods without the buttons', async () => {
    const { api } = renderTab({}, 'Technical');
    await screen.findByRole('listitem', { name: 'Visa •••• 4242' });
    await vi.waitFor(() => expect(api.calls('BillingRoles')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Add card' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });

  it("removing asks first, and says the api's reason when it refuses", async () => {
    const reason = 'This is the last payment method and 42.50 EUR is due: add another method first.';
    const { user, portal, api } = renderTab({
      RemovePaymentMethod: () => ({
        errors: [{ message: reason, extensions: { code: 'INVALID_INPUT', field: 'uid' } }],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Actions for PayPal payer@example.com' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    expect(portal.confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Remove payment method?',
        text: '<strong>PayPal payer@example.com</strong> will no longer be used for payments.',
      }),
    );
    await vi.waitFor(() => expect(portal.notify).toHaveBeenCalledWith({ type: 'error', message: reason }));
    expect(api.calls('RemovePaymentMethod')).toEqual([{ contractUid: 'C-1', uid: 'm-2' }]);
    expect(screen.getByRole('listitem', { name: 'PayPal payer@example.com' })).toBeTruthy();
  });

  const stripeSetup = () => ({
    data: {
      __typename: 'Mutation',
      startPaymentMethodSetup: {
        __typename: 'PaymentMethodSetup',
        setupIntentId: 'seti_1',
        clientSecret: 'seti_1_secret_x',
        provider: 'STRIPE',
      },
    },
  });

  it("with Stripe and its publishable key, Add card is Stripe's Payment Element for the SetupIntent", async () => {
    const { user } = renderTab({ StartPaymentMethodSetup: stripeSetup }, 'Billing', 'pk_test_123');
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    const stripe = await within(dialog).findByTestId('stripe-form');
    expect(stripe.dataset.key).toBe('pk_test_123');
    expect(stripe.dataset.secret).toBe('seti_1_secret_x');
    expect(stripe.textContent).toBe('setup');
    // the sandbox's own fields are not there
    expect(within(dialog).queryByRole('textbox', { name: /Card number/ })).toBeNull();
  });

  it("with Stripe but no publishable key, no card form at all (never the sandbox's)", async () => {
    const { user } = renderTab({ StartPaymentMethodSetup: stripeSetup });
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    expect(
      await within(dialog).findByText('Cards cannot be added right now: the card form is not configured.'),
    ).toBeTruthy();
    expect(within(dialog).queryByTestId('stripe-form')).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: /Card number/ })).toBeNull();
  });
});
