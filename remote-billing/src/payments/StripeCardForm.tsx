import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { useEffect, useMemo } from 'react';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import { absoluteUrl, stripeFor } from './stripeClient';

/** What a confirmation at Stripe ended in, as the dialog reads it. */
export type CardConfirmResult =
  | { kind: 'succeeded' | 'processing'; intentId?: string; paymentMethod?: string | null }
  | { kind: 'declined'; message: string }
  | { kind: 'redirected' };

export type CardConfirm = (returnPath: string) => Promise<CardConfirmResult>;

/** Hands the dialog the function that confirms with the mounted Payment Element. */
function ConfirmBridge({
  intent,
  onReady,
}: {
  intent: 'payment' | 'setup';
  onReady: (confirm: CardConfirm | null) => void;
}) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return onReady(null);
    onReady(async (returnPath) => {
      const confirmParams = { return_url: absoluteUrl(returnPath) };
      if (intent === 'setup') {
        const { error, setupIntent } = await stripe.confirmSetup({
          elements,
          confirmParams,
          redirect: 'if_required',
        });
        if (error) return { kind: 'declined', message: error.message ?? error.type };
        return {
          kind: setupIntent.status === 'succeeded' ? 'succeeded' : 'processing',
          intentId: setupIntent.id,
          paymentMethod: typeof setupIntent.payment_method === 'string' ? setupIntent.payment_method : null,
        };
      }
      const { error, paymentIntent } = await stripe.confirmPayment({
        elements,
        confirmParams,
        redirect: 'if_required',
      });
      if (error) return { kind: 'declined', message: error.message ?? error.type };
      return {
        kind: paymentIntent.status === 'succeeded' ? 'succeeded' : 'processing',
        intentId: paymentIntent.id,
      };
    });
    return () => onReady(null);
  }, [stripe, elements, intent, onReady]);
  return null;
}

/**
 * Stripe's Payment Element for an intent the api created: the card is typed into Stripe's own
 * frame (loaded from Stripe's host), confirmed there with the client secret; 3-D Secure is Stripe's.
 */
export default function StripeCardForm({
  publishableKey,
  clientSecret,
  intent,
  onReady,
}: {
  publishableKey: string;
  clientSecret: string;
  intent: 'payment' | 'setup';
  onReady: (confirm: CardConfirm | null) => void;
}) {
  const { t, i18n } = useBillingTranslation();
  const stripe = useMemo(() => stripeFor(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripe}
      options={{
        clientSecret,
        locale: i18n.language === 'de' ? 'de' : 'en',
        appearance: { theme: 'stripe' },
      }}
    >
      <PaymentElement
        aria-label={t('payments.card.group')}
        options={{ layout: 'tabs', wallets: { applePay: 'never', googlePay: 'never' } }}
      />
      <ConfirmBridge intent={intent} onReady={onReady} />
    </Elements>
  );
}
