import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { FormError, SubmitButton, usePortal } from '@portal/shared';
import { FORM_ERROR, type FormApi } from 'final-form';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Form, useField } from 'react-final-form';
import { useMutation } from 'urql';
import {
  CompletePaymentMethodSetupDocument,
  type PaymentMethodFieldsFragment,
  StartPaymentMethodSetupDocument,
  type StartPaymentMethodSetupMutation,
} from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import { apiRefusal } from '../payments/apiRefusal';
import { type CardFields, EMPTY_CARD } from '../payments/card';
import { cardFormKind, paymentReturnPath } from '../payments/cardFormKind';
import { SandboxCardFields } from '../payments/SandboxCardFields';
import type { CardConfirm } from '../payments/StripeCardForm';
import { confirmIntent, intentError } from '../payments/sandboxStripe';
import { rememberSetup } from './setupStash';

const StripeCardForm = lazy(() => import('../payments/StripeCardForm'));

const useStyles = makeStyles({
  surface: { width: 'min(520px, calc(100vw - 24px))', maxWidth: '100%', boxSizing: 'border-box' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

interface CardValues {
  card: CardFields;
  makeDefault: boolean;
}

type Setup = StartPaymentMethodSetupMutation['startPaymentMethodSetup'];

/**
 * Add card: a SetupIntent from the api, confirmed with the card at the provider's host (Stripe's
 * Payment Element, or the sandbox's form and endpoint): the card never reaches our api, which then
 * saves what the provider reports (brand, last 4, expiry). A 3-D Secure card leaves for its
 * challenge and is saved on the way back (`PaymentMethodsTab`).
 */
export function AddCardDialog({
  contractUid,
  hasMethods,
  onClose,
  onAdded,
}: {
  contractUid: string;
  hasMethods: boolean;
  onClose: () => void;
  onAdded: (method: PaymentMethodFieldsFragment) => void;
}) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const { runtimeConfig } = usePortal();
  const [, startSetup] = useMutation(StartPaymentMethodSetupDocument);
  const [, completeSetup] = useMutation(CompletePaymentMethodSetupDocument);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [declined, setDeclined] = useState<string | null>(null);
  const [stripeConfirm, setStripeConfirm] = useState<CardConfirm | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks again after a failure
  useEffect(() => {
    let live = true;
    void startSetup({ contractUid }, { portalNotify: false }).then((result) => {
      if (!live) return;
      if (result.data) setSetup(result.data.startPaymentMethodSetup);
      else setLoadError(result.error ? apiRefusal(result.error).message : t('payments.failedText'));
    });
    return () => {
      live = false;
    };
  }, [contractUid, startSetup, t, attempt]);

  const kind = setup ? cardFormKind(setup.provider, runtimeConfig.stripePublishableKey) : null;
  const returnPath = paymentReturnPath(contractUid, 'payment-methods');

  const save = async (setupIntentId: string, makeDefault: boolean) => {
    const saved = await completeSetup({ contractUid, setupIntentId, makeDefault }, { portalNotify: false });
    if (saved.error || !saved.data)
      return { [FORM_ERROR]: saved.error ? apiRefusal(saved.error).message : '' };
    onAdded(saved.data.completePaymentMethodSetup);
    return undefined;
  };

  const onSubmit = async (values: CardValues, form: FormApi<CardValues>) => {
    if (!setup) return undefined;
    const retry = (message: string) => {
      setDeclined(message);
      // another card: its number, expiry and code again; the name stays
      for (const field of ['number', 'expiry', 'cvc'] as const) {
        form.change(`card.${field}` as keyof CardValues, '' as never);
        form.resetFieldState(`card.${field}` as keyof CardValues);
      }
      return undefined;
    };
    try {
      if (kind === 'stripe') {
        if (!stripeConfirm) return undefined;
        const result = await stripeConfirm(returnPath);
        if (result.kind === 'declined') return retry(result.message);
        if (result.kind === 'redirected') return undefined;
        return await save(setup.setupIntentId, values.makeDefault);
      }
      const intent = await confirmIntent(
        setup.clientSecret,
        { card: { ...EMPTY_CARD, ...values.card } },
        returnPath,
      );
      if (intent.status === 'succeeded') return await save(setup.setupIntentId, values.makeDefault);
      if (intent.status === 'requires_action' && intent.next_action) {
        rememberSetup({ contractUid, setupIntentId: setup.setupIntentId, makeDefault: values.makeDefault });
        window.location.assign(intent.next_action.redirect_to_url.url);
        return undefined;
      }
      return retry(intentError(intent)?.message ?? t('payments.failedText'));
    } catch (error) {
      return { [FORM_ERROR]: error instanceof Error ? error.message : String(error) };
    }
  };

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && data.type !== 'backdropClick' && onClose()}>
      <DialogSurface className={styles.surface}>
        <Form<CardValues> onSubmit={onSubmit} initialValues={{ makeDefault: !hasMethods }}>
          {({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              <DialogBody>
                <DialogTitle>{t('paymentMethods.addCardTitle')}</DialogTitle>
                <DialogContent className={styles.content}>
                  {declined && (
                    <MessageBar intent="error" role="alert">
                      <MessageBarBody>
                        <MessageBarTitle>{t('payments.declined.title')}</MessageBarTitle>
                        {t('paymentMethods.declined', { message: declined })}
                      </MessageBarBody>
                    </MessageBar>
                  )}
                  {loadError ? (
                    <MessageBar intent="error" role="alert">
                      <MessageBarBody>{t('payments.loadFailed', { detail: loadError })}</MessageBarBody>
                    </MessageBar>
                  ) : !setup ? (
                    <Spinner size="small" label={t('payments.loading')} />
                  ) : kind === 'stripe' && runtimeConfig.stripePublishableKey ? (
                    <Suspense fallback={<Spinner size="tiny" />}>
                      <StripeCardForm
                        publishableKey={runtimeConfig.stripePublishableKey}
                        clientSecret={setup.clientSecret}
                        intent="setup"
                        onReady={(fn) => setStripeConfirm(() => fn)}
                      />
                    </Suspense>
                  ) : kind === 'sandbox' ? (
                    <SandboxCardFields />
                  ) : (
                    <MessageBar intent="warning">
                      <MessageBarBody>{t('paymentMethods.cardUnavailable')}</MessageBarBody>
                    </MessageBar>
                  )}
                  {setup && kind !== 'unavailable' && <MakeDefaultField disabled={!hasMethods} />}
                  <FormError />
                </DialogContent>
                <DialogActions>
                  <Button appearance="secondary" onClick={onClose}>
                    {t('payments.cancel')}
                  </Button>
                  {loadError ? (
                    <Button
                      appearance="primary"
                      onClick={() => {
                        setLoadError(null);
                        setAttempt((n) => n + 1);
                      }}
                    >
                      {t('payments.retry')}
                    </Button>
                  ) : (
                    <SubmitButton
                      disabled={!setup || kind === 'unavailable' || (kind === 'stripe' && !stripeConfirm)}
                    >
                      {t('paymentMethods.saveCard')}
                    </SubmitButton>
                  )}
                </DialogActions>
              </DialogBody>
            </form>
          )}
        </Form>
      </DialogSurface>
    </Dialog>
  );
}

function MakeDefaultField({ disabled }: { disabled: boolean }) {
  const { t } = useBillingTranslation();
  const { input } = useField<boolean>('makeDefault', { type: 'checkbox' });
  return (
    <Checkbox
      checked={!!input.checked}
      disabled={disabled}
      onChange={(_event, data) => input.onChange(!!data.checked)}
      label={disabled ? t('paymentMethods.firstIsDefault') : t('paymentMethods.makeDefaultOnSave')}
    />
  );
}
