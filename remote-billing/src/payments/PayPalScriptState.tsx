import { MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components';
import { usePayPalScriptReducer } from '@paypal/react-paypal-js';
import type { ReactNode } from 'react';
import { useBillingTranslation } from '../i18n/useBillingTranslation';

/**
 * PayPal's buttons (`children`) once PayPal's script is there; while it loads, a spinner beside
 * them; when it cannot load, why. Inside a `PayPalScriptProvider` (checkout and vault).
 */
export function PayPalScriptState({ children }: { children: ReactNode }) {
  const { t } = useBillingTranslation();
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{t('payments.review.paypalUnavailable')}</MessageBarBody>
      </MessageBar>
    );
  return (
    <>
      {isPending && <Spinner size="tiny" label={t('payments.review.paypalLoading')} />}
      {children}
    </>
  );
}
