import { EMPTY_RUNTIME_CONFIG, PortalContext } from '@portal/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { card, paypal } from '../payments/test/paymentsData';
import { billingClient } from '../test/billingClient';
import { roles } from '../test/billingData';
import { renderPage } from '../test/renderPage';
import { PaymentMethodsTab } from './PaymentMethodsTab';

// PayPal's SDK loads a script from paypal.com (unreachable here): mocked at its import boundary.
// The fake button does what PayPal's does for "save for later": createVaultSetupToken, then
// onApprove({ vaultSetupToken }); or onCancel.
const rendered = vi.hoisted(() => ({ providers: [] as Record<string, unknown>[], buttons: 0 }));
vi.mock('@paypal/react-paypal-js', () => ({
  usePayPalScriptReducer: () => [{ isPending: false, isRejected: false, isResolved: true }],
  PayPalScriptProvider: ({ options, children }: { options: Record<string, unknown>; children: unknown }) => {
    rendered.providers.push(options);
    return children;
  },
  PayPalButtons: (props: {
    createVaultSetupToken: () => Promise<string>;
    onApprove: (data: { orderID: string; vaultSetupToken?: string }) => Promise<void>;
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
              const vaultSetupToken = await props.createVaultSetupToken();
              await props.onApprove({ orderID: '', vaultSetupToken });
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
            await props.createVaultSetupToken();
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
const PATH = '/workspace/C-1/billing/payment-methods';
const SAVED = paypal('m-9', { paypalPayerEmail: 'buyer@nordwind.example', paypalCountry: 'AT' });

function renderTab(
  paypalClientId: string | null,
  answers: Record<string, (v: Record<string, unknown>) => unknown> = {},
) {
  let saved = false;
  const api = billingClient({
    BillingRoles: () => roles('C-1', [{ email: 'demo@example.com', role: 'Billing' }]),
    PaymentMethods: () => ({
      data: {
        __typename: 'Query',
        paymentMethods: [card('m-1', { isDefault: true }), ...(saved ? [SAVED] : [])],
      },
    }),
    StartPayPalVaultSetup: () => ({
      data: {
        __typename: 'Mutation',
        startPayPalVaultSetup: {
          __typename: 'PayPalVaultSetup',
          setupTokenId: '5C991763VB2781612',
          approvalUrl: 'https://www.sandbox.paypal.com/agreements/approve?approval_session_id=x',
        },
      },
    }),
    CompletePayPalVaultSetup: () => {
      saved = true;
      return { data: { __typename: 'Mutation', completePayPalVaultSetup: SAVED } };
    },
    ...answers,
  });
  const tab = (
    <PortalContext.Consumer>
      {(portal) => (
        <PortalContext.Provider
          value={portal && { ...portal, runtimeConfig: { ...EMPTY_RUNTIME_CONFIG, paypalClientId } }}
        >
          <PaymentMethodsTab contractUid="C-1" />
        </PortalContext.Provider>
      )}
    </PortalContext.Consumer>
  );
  return { ...renderPage(tab, { path: PATH, route: ROUTE, graphql: api.client }), api };
}

describe('Connect PayPal with real PayPal (Vault v3)', () => {
  it('PayPal’s button takes our setup token; the approved account is saved and listed with its e-mail', async () => {
    rendered.providers.length = 0;
    const { user, api, portal } = renderTab('paypal-client-id');
    await user.click(await screen.findByRole('button', { name: 'Connect PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect PayPal' });
    expect(dialog.textContent).toContain('Nothing is charged now.');
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal (fake)' }));
    await vi.waitFor(() =>
      expect(portal.notify).toHaveBeenCalledWith({
        type: 'success',
        message: 'PayPal buyer@nordwind.example was added.',
      }),
    );
    expect(api.calls('StartPayPalVaultSetup')).toEqual([{ contractUid: 'C-1', returnUrl: PATH }]);
    expect(api.calls('CompletePayPalVaultSetup')).toEqual([
      { contractUid: 'C-1', setupTokenId: '5C991763VB2781612', makeDefault: false },
    ]);
    expect(rendered.providers.at(-1)).toMatchObject({ clientId: 'paypal-client-id', components: 'buttons' });
    // the list shows it (refetched), the dialog is gone, the sandbox's page was never asked for
    const item = await screen.findByRole('listitem', { name: 'PayPal buyer@nordwind.example' });
    expect(item.textContent).toContain('PayPal account, AT');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls('ConnectPayPal')).toEqual([]);
  });

  it('canceled at PayPal or refused by the api: said in the dialog, nothing saved', async () => {
    const refusal = 'PayPal has not approved saving this account. Connect PayPal again.';
    const { user, api } = renderTab('paypal-client-id', {
      CompletePayPalVaultSetup: () => ({
        errors: [{ message: refusal, extensions: { code: 'INVALID_INPUT', field: 'setupTokenId' } }],
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Connect PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect PayPal' });
    await user.click(await within(dialog).findByRole('button', { name: 'Close PayPal (fake)' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'Connecting PayPal was canceled. Nothing changed.',
    );
    expect(api.calls('CompletePayPalVaultSetup')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'PayPal (fake)' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(refusal);
    expect(screen.queryByRole('listitem', { name: /buyer@nordwind/ })).toBeNull();
  });

  it('without a client id, Connect PayPal is the sandbox’s page as before: PayPal’s SDK never renders', async () => {
    rendered.buttons = 0;
    const reason = 'Connect PayPal with the PayPal button on the payment methods tab.';
    const { user, api, portal } = renderTab(null, {
      ConnectPayPal: () => ({ errors: [{ message: reason, extensions: { code: 'PAYMENT_REFUSED' } }] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Connect PayPal' }));
    await vi.waitFor(() => expect(portal.notify).toHaveBeenCalledWith({ type: 'error', message: reason }));
    expect(api.calls('ConnectPayPal')).toEqual([{ contractUid: 'C-1', returnUrl: PATH }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(rendered.buttons).toBe(0);
    expect(api.calls('StartPayPalVaultSetup')).toEqual([]);
  });
});
