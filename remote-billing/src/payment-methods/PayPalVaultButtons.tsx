import { PayPalButtons, PayPalScriptProvider } from '@paypal/react-paypal-js';
import { PayPalScriptState } from '../payments/PayPalScriptState';

export interface PayPalVaultButtonsProps {
  /** `runtime-config.json`'s `paypalClientId` (public). */
  clientId: string;
  /** PayPal's locale, e.g. `de_DE`; none: PayPal's guess. */
  locale?: string;
  /** Our `startPayPalVaultSetup`: answers PayPal's setup token id. */
  createVaultSetupToken: () => Promise<string>;
  /** Our `completePayPalVaultSetup` with the approved setup token. */
  onApprove: (setupTokenId: string) => Promise<void>;
  onCancel: () => void;
  onError: (error: unknown) => void;
}

/**
 * PayPal's button for saving a PayPal account without a payment (Vault v3, "save for purchase
 * later"): `createVaultSetupToken` and `onApprove({ vaultSetupToken })`. Its own chunk (`lazy` in
 * ConnectPayPalDialog), rendered only when the deployment configured PayPal; PayPal's script comes
 * from PayPal's host when it mounts.
 */
export default function PayPalVaultButtons({ clientId, locale, ...handlers }: PayPalVaultButtonsProps) {
  return (
    <PayPalScriptProvider options={{ clientId, components: 'buttons', ...(locale ? { locale } : {}) }}>
      <Buttons {...handlers} />
    </PayPalScriptProvider>
  );
}

function Buttons({
  createVaultSetupToken,
  onApprove,
  onCancel,
  onError,
}: Omit<PayPalVaultButtonsProps, 'clientId' | 'locale'>) {
  return (
    <PayPalScriptState>
      <PayPalButtons
        fundingSource="paypal"
        style={{ layout: 'vertical', shape: 'rect', label: 'paypal', height: 40 }}
        createVaultSetupToken={() => createVaultSetupToken()}
        onApprove={async (data) => {
          if (data.vaultSetupToken) await onApprove(data.vaultSetupToken);
          else onError(new Error('PayPal answered no setup token'));
        }}
        onCancel={() => onCancel()}
        onError={(error) => onError(error)}
      />
    </PayPalScriptState>
  );
}
