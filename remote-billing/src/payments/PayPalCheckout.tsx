import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { PayPalScriptState } from './PayPalScriptState';

export interface PayPalCheckoutProps {
  /** `runtime-config.json`'s `paypalClientId` (public). */
  clientId: string;
  /** The workspace currency: PayPal's script is loaded for it. */
  currency: string;
  /** PayPal's locale, e.g. `de_DE`; none: PayPal's guess. */
  locale?: string;
  /** Our `startPayment`: answers the PayPal order id. */
  createOrder: () => Promise<string>;
  /** Our `capturePayPalPayment`. */
  onApprove: (orderId: string) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
}

/**
 * PayPal's buttons (`@paypal/react-paypal-js`), loaded only when a deployment configured PayPal: this
 * module is its own chunk (`lazy` in MakePaymentDialog), and PayPal's script comes from PayPal's host
 * once the buttons mount. Nothing of PayPal is downloaded otherwise (the sandbox's pages instead).
 */
export default function PayPalCheckout({
  clientId,
  currency,
  locale,
  createOrder,
  onApprove,
  onCancel,
  onError,
}: PayPalCheckoutProps) {
  return (
    <PayPalScriptProvider
      options={{
        clientId,
        currency,
        intent: 'capture',
        components: 'buttons',
        ...(locale ? { locale } : {}),
      }}
    >
      <Buttons createOrder={createOrder} onApprove={onApprove} onCancel={onCancel} onError={onError} />
    </PayPalScriptProvider>
  );
}

/** PayPal's buttons for the order (`PayPalScriptState`: loading, unavailable). */
function Buttons({
  createOrder,
  onApprove,
  onCancel,
  onError,
}: Pick<PayPalCheckoutProps, 'createOrder' | 'onApprove' | 'onCancel' | 'onError'>) {
  return (
    <PayPalScriptState>
      <PayPalButtons
        fundingSource="paypal"
        style={{ layout: 'vertical', shape: 'rect', label: 'pay', height: 40 }}
        createOrder={() => createOrder()}
        onApprove={(data) => onApprove(data.orderID)}
        onCancel={() => onCancel()}
        onError={(error) => onError(error)}
      />
    </PayPalScriptState>
  );
}
