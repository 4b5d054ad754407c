import {
  Button,
  Caption1,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  mergeClasses,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkCircleRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { FormError, formatMoney, SubmitButton, TextField, usePortal, zodValidate } from '@portal/shared';
import { FORM_ERROR, type FormApi } from 'final-form';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { Form, useField } from 'react-final-form';
import { useLocation } from 'react-router';
import { useMutation, useQuery, useSubscription } from 'urql';
import { z } from 'zod';
import {
  CancelPaymentDocument,
  CapturePayPalPaymentDocument,
  MakePaymentOptionsDocument,
  type MakePaymentOptionsQuery,
  PaymentChangedDocument,
  type PaymentFieldsFragment,
  type PaymentMethodFieldsFragment,
  StartPaymentDocument,
  type StartPaymentInput,
} from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import { methodLabel } from '../payment-methods/methodLabel';
import { parseAmount, sumDecimals, toCents } from './amount';
import { apiRefusal } from './apiRefusal';
import { BRAND_NAMES, type CardFields, cardBrand, digitsOnly, EMPTY_CARD } from './card';
import { cardFormKind, paymentReturnPath } from './cardFormKind';
import { rememberRedirect } from './redirectStash';
import { SandboxCardFields } from './SandboxCardFields';
import type { CardConfirm, CardConfirmResult } from './StripeCardForm';
import { confirmIntent, intentError, SandboxRequestError } from './sandboxStripe';

/**
 * A payment with a saved PayPal account (PayPal Vault): its `intentId` waits as `PPVAULT-…` until
 * the customer confirms; `capturePayPalPayment` then charges it without PayPal's buttons.
 */
export const chargesSavedPayPal = (payment: Pick<PaymentFieldsFragment, 'provider' | 'intentId'>) =>
  payment.provider === 'PAYPAL' && payment.intentId.startsWith('PPVAULT-');

const StripeCardForm = lazy(() => import('./StripeCardForm'));
/** PayPal's buttons: their own chunk, loaded only when the deployment configured PayPal. */
const PayPalCheckout = lazy(() => import('./PayPalCheckout'));

const useStyles = makeStyles({
  surface: { width: 'min(560px, calc(100vw - 24px))', maxWidth: '100%', boxSizing: 'border-box' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  step: { color: tokens.colorNeutralForeground3 },
  choice: { display: 'flex', flexDirection: 'column' },
  amount: { fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  detail: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
  summary: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    '& dt': { color: tokens.colorNeutralForeground3 },
    '& dd': { margin: 0, overflowWrap: 'anywhere' },
  },
  total: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  outcome: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-start' },
  outcomeIcon: { fontSize: '32px', flexShrink: 0 },
  success: { color: tokens.colorPaletteGreenForeground1 },
  // PayPal's iframe takes its container's width (PayPal: 150 to 750 px)
  paypal: { width: '100%', minWidth: 0, maxWidth: '750px', minHeight: '48px' },
  failure: { color: tokens.colorPaletteRedForeground1 },
});

type What = 'invoices' | 'allDue' | 'topUp';

interface PayValues {
  what: What;
  topUp: string;
  /** `method:<uid>`, `card` or `paypal` */
  how: string;
  card: CardFields;
  saveCard: boolean;
}

type Step = 'what' | 'how' | 'review' | 'processing' | 'redirecting' | 'done' | 'failed';

type Options = MakePaymentOptionsQuery;

export interface MakePaymentDialogProps {
  contractUid: string;
  selectedInvoiceUids: string[];
  open: boolean;
  onClose: () => void;
  onPaid?: () => void;
  /** A pending payment to take up again (the Billing page's Resume): starts at its review. */
  resume?: PaymentFieldsFragment | null;
}

/**
 * Make a Payment (spec section 2, issue 11): what to pay (the selected invoices, the whole amount
 * due, or a top-up between the stated limits), how (a saved method, a new card, PayPal), a review
 * with the amount, currency and statement descriptor before Confirm, then how it ended. The card is
 * confirmed at the provider's host with the intent's client secret (Stripe's Payment Element, or
 * the sandbox's REST endpoints); money moves only when the provider's webhook settles it, and the
 * balance, invoices and drawer follow through the workspace's subscription.
 */
export function MakePaymentDialog(props: MakePaymentDialogProps) {
  if (!props.open) return null;
  return <PaymentFlow {...props} />;
}

function PaymentFlow({ contractUid, selectedInvoiceUids, onClose, onPaid, resume }: MakePaymentDialogProps) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const [options, reload] = useQuery({
    query: MakePaymentOptionsDocument,
    variables: { contractUid },
    requestPolicy: 'cache-and-network',
  });
  const data = options.data;
  // the form's Cancel (it also cancels a payment started and not confirmed)
  const closeRef = useRef(onClose);
  return (
    // a click beside the dialog never throws away what was typed; Escape is Cancel
    <Dialog
      open
      onOpenChange={(_event, state) => {
        if (!state.open && state.type !== 'backdropClick') closeRef.current();
      }}
    >
      <DialogSurface className={styles.surface} aria-describedby={undefined}>
        {data ? (
          <PaymentForm
            contractUid={contractUid}
            selectedInvoiceUids={selectedInvoiceUids}
            options={data}
            onClose={onClose}
            onPaid={onPaid}
            resume={resume ?? null}
            closeRef={closeRef}
          />
        ) : (
          <DialogBody>
            <DialogTitle>{t('payments.title')}</DialogTitle>
            <DialogContent className={styles.content}>
              {options.error ? (
                <MessageBar intent="error" role="alert">
                  <MessageBarBody>
                    {t('payments.loadFailed', { detail: apiRefusal(options.error).message })}
                  </MessageBarBody>
                </MessageBar>
              ) : (
                <Spinner size="small" label={t('payments.loading')} />
              )}
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('payments.close')}
              </Button>
              {options.error && (
                <Button appearance="primary" onClick={() => reload({ requestPolicy: 'network-only' })}>
                  {t('payments.retry')}
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </Dialog>
  );
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

function PaymentForm({
  contractUid,
  selectedInvoiceUids,
  options,
  onClose,
  onPaid,
  resume,
  closeRef,
}: {
  contractUid: string;
  selectedInvoiceUids: string[];
  closeRef: { current: () => void };
  options: Options;
  onClose: () => void;
  onPaid?: () => void;
  resume: PaymentFieldsFragment | null;
}) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const { runtimeConfig } = usePortal();
  const { pathname } = useLocation();
  const limits = options.paymentLimits;
  const currency = limits.currency;
  const methods = options.paymentMethods;
  const kind = cardFormKind(limits.provider, runtimeConfig.stripePublishableKey);
  const tab = pathname.split('/billing/')[1]?.split('/')[0] || 'invoices';

  const selected = useMemo(
    () => options.invoices.items.filter((invoice) => selectedInvoiceUids.includes(invoice.uid)),
    [options.invoices.items, selectedInvoiceUids],
  );
  const selectedSum = sumDecimals(selected.map((invoice) => invoice.amountDue));
  const amountDue = limits.amountDue;
  const hasDue = toCents(amountDue) > 0n;
  const defaultMethod = methods.find((method) => method.isDefault) ?? methods[0];

  const resumeStep: Step =
    resume?.status === 'REQUIRES_PAYMENT_METHOD' && resume.methodType === 'CARD' && !resume.paymentMethodUid
      ? 'how'
      : 'review';
  const [step, setStep] = useState<Step>(resume ? resumeStep : 'what');
  const stepRef = useRef(step);
  stepRef.current = step;
  const [payment, setPayment] = useState<PaymentFieldsFragment | null>(resume);
  const [decline, setDecline] = useState<string | null>(resume?.lastError?.message ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stripeConfirm, setStripeConfirm] = useState<CardConfirm | null>(null);
  const key = useRef(newKey());
  /** what the current payment pays (`what` and the top-up), so a retry reuses it only for the same */
  const paidFor = useRef<string | null>(null);
  const [, start] = useMutation(StartPaymentDocument);
  const [, cancel] = useMutation(CancelPaymentDocument);
  const [, capturePayPal] = useMutation(CapturePayPalPaymentDocument);
  /** Real PayPal (README, "PayPal"): its buttons at the review, instead of the sandbox's page. */
  const paypalClientId = runtimeConfig.paypalClientId;
  const [paypalCanceled, setPayPalCanceled] = useState<string | null>(null);
  const paymentRef = useRef(payment);
  paymentRef.current = payment;
  const paypalRefusal = useRef<string | null>(null);

  // how a payment confirmed at the provider but still processing ends: its own event
  const [changed] = useSubscription({
    query: PaymentChangedDocument,
    variables: { contractUid },
    pause: step !== 'processing',
  });
  const live = changed.data?.paymentChanged;
  const liveStep: Step | null =
    step === 'processing' && live && live.uid === payment?.uid
      ? live.status === 'SUCCEEDED'
        ? 'done'
        : live.status === 'REQUIRES_PAYMENT_METHOD' || live.status === 'CANCELED'
          ? 'failed'
          : null
      : null;
  const shownStep = liveStep ?? step;
  const shownFailure =
    liveStep === 'failed' ? (live?.lastError?.message ?? t('payments.failedText')) : failure;

  const [defaults] = useState<PayValues>(() => ({
    what: selected.length > 0 ? 'invoices' : hasDue ? 'allDue' : 'topUp',
    topUp: '',
    how: resume
      ? resume.methodType === 'PAYPAL'
        ? 'paypal'
        : resume.paymentMethodUid
          ? `method:${resume.paymentMethodUid}`
          : 'card'
      : defaultMethod
        ? `method:${defaultMethod.uid}`
        : kind === 'unavailable'
          ? 'paypal'
          : 'card',
    card: EMPTY_CARD,
    saveCard: false,
    // the first answer decides; later answers must not reset what the user chose
  }));
  /**
   * The form values with the defaults for what the user did not touch. The defaults are not the
   * form's initialValues: react-final-form 7 puts a field back to its initial value whenever it
   * mounts again, and the steps mount and unmount their fields (Back would lose the amount).
   */
  const withDefaults = (values: Partial<PayValues>): PayValues => ({
    what: values.what ?? defaults.what,
    topUp: values.topUp ?? '',
    how: values.how ?? defaults.how,
    card: { ...EMPTY_CARD, ...values.card },
    saveCard: values.saveCard ?? false,
  });

  const validate = useMemo(
    () =>
      zodValidate(
        z.object({ what: z.string().optional(), topUp: z.string().optional() }).superRefine((values, ctx) => {
          // only the first step's choice is checked here (a resumed payment has none)
          if (stepRef.current !== 'what' || (values.what ?? defaults.what) !== 'topUp') return;
          const parsed = parseAmount(values.topUp ?? '', { min: limits.minTopUp, max: limits.maxTopUp });
          if (!parsed.ok)
            ctx.addIssue({
              code: 'custom',
              path: ['topUp'],
              message: t(`payments.amount.problem.${parsed.problem}`, {
                min: formatMoney(limits.minTopUp, currency),
                max: formatMoney(limits.maxTopUp, currency),
              }),
            });
        }),
      ),
    [limits.minTopUp, limits.maxTopUp, currency, t, defaults.what],
  );

  /** A started payment the customer walks away from is canceled: no pending payment is left behind. */
  const close = useCallback(() => {
    // a resumed payment stays pending: the Billing page's notice cancels it, if the customer wants
    const unfinished = payment && payment.uid !== resume?.uid && (step === 'review' || step === 'how');
    if (unfinished && payment.status !== 'SUCCEEDED' && payment.status !== 'PROCESSING')
      void cancel({ contractUid, uid: payment.uid }, { portalNotify: false });
    onClose();
  }, [payment, step, cancel, contractUid, onClose, resume?.uid]);
  closeRef.current = close;

  const declined = (form: FormApi<PayValues>, message: string) => {
    setDecline(message);
    // the intent waits for another card (Stripe's protocol): confirm it again, no new payment
    setPayment((current) => (current ? { ...current, status: 'REQUIRES_PAYMENT_METHOD' } : current));
    // the card is tried again with another one; the amount and the name stay
    form.batch(() => {
      for (const field of ['number', 'expiry', 'cvc'] as const) {
        form.change(`card.${field}` as keyof PayValues, '' as never);
        if (form.getRegisteredFields().includes(`card.${field}`))
          form.resetFieldState(`card.${field}` as keyof PayValues);
      }
    });
    setStep('how');
  };

  const finish = (result: CardConfirmResult, form: FormApi<PayValues>, current: PaymentFieldsFragment) => {
    if (result.kind === 'succeeded') {
      setStep('done');
      onPaid?.();
    } else if (result.kind === 'processing') setStep('processing');
    else if (result.kind === 'declined') declined(form, result.message);
    else {
      rememberRedirect({ contractUid, uid: current.uid, intentId: current.intentId });
      setStep('redirecting');
    }
  };

  const confirm = async (values: PayValues, form: FormApi<PayValues>, current: PaymentFieldsFragment) => {
    const returnPath = paymentReturnPath(contractUid, tab, current.uid);
    if (current.status === 'REQUIRES_ACTION' && current.nextAction?.url) {
      // a resumed 3-D Secure: its challenge again
      rememberRedirect({ contractUid, uid: current.uid, intentId: current.intentId });
      setStep('redirecting');
      window.location.assign(current.nextAction.url);
      return;
    }
    if (chargesSavedPayPal(current)) {
      // a saved PayPal account (vault): charged at once, no approval at PayPal
      const result = await capturePayPal({ contractUid, uid: current.uid }, { portalNotify: false });
      const captured = result.data?.capturePayPalPayment;
      if (result.error || !captured)
        throw new Error(result.error ? apiRefusal(result.error).message : t('payments.failedText'));
      setPayment(captured);
      if (captured.status === 'SUCCEEDED') finish({ kind: 'succeeded' }, form, captured);
      else if (captured.status === 'PROCESSING') finish({ kind: 'processing' }, form, captured);
      else if (captured.lastError) declined(form, captured.lastError.message);
      else throw new Error(t('payments.failedText'));
      return;
    }
    if (current.methodType === 'PAYPAL') {
      const url = current.nextAction?.url;
      if (!url) throw new SandboxRequestError(t('payments.failedText'), 'no_next_action', 0);
      rememberRedirect({ contractUid, uid: current.uid, intentId: current.intentId });
      setStep('redirecting');
      window.location.assign(url);
      return;
    }
    if (kind === 'stripe' && !current.paymentMethodUid) {
      if (!stripeConfirm) return;
      finish(await stripeConfirm(returnPath), form, current);
      return;
    }
    const method = methods.find((m) => m.uid === current.paymentMethodUid);
    const intent = await confirmIntent(
      current.clientSecret,
      method ? { paymentMethod: method.methodId } : { card: values.card },
      returnPath,
    );
    const problem = intentError(intent);
    if (intent.status === 'succeeded') finish({ kind: 'succeeded' }, form, current);
    else if (intent.status === 'processing') finish({ kind: 'processing' }, form, current);
    else if (intent.status === 'requires_action' && intent.next_action) {
      finish({ kind: 'redirected' }, form, current);
      window.location.assign(intent.next_action.redirect_to_url.url);
    } else if (intent.status === 'requires_payment_method' && problem) declined(form, problem.message);
    else throw new SandboxRequestError(t('payments.failedText'), intent.status, 0);
  };

  const inputOf = (values: PayValues): StartPaymentInput => {
    const input: StartPaymentInput = {
      contractUid,
      idempotencyKey: key.current,
      returnUrl: paymentReturnPath(contractUid, tab),
    };
    if (values.what === 'invoices') input.invoiceUids = selected.map((invoice) => invoice.uid);
    else if (values.what === 'allDue') input.allDue = true;
    else {
      const parsed = parseAmount(values.topUp, { min: limits.minTopUp, max: limits.maxTopUp });
      input.topUpAmount = parsed.ok ? parsed.decimal : values.topUp;
    }
    if (values.how === 'paypal') input.paypal = true;
    else if (values.how === 'card') {
      input.newCard = true;
      input.saveCard = values.saveCard;
    } else input.paymentMethodUid = values.how.slice('method:'.length);
    return input;
  };

  // --- real PayPal's buttons: createOrder, onApprove, onCancel, onError ---
  const paypalOrder = async (values: PayValues): Promise<string> => {
    setPayPalCanceled(null);
    paypalRefusal.current = null;
    const current = paymentRef.current;
    // a resumed payment goes on with its order
    if (
      current &&
      current.uid === resume?.uid &&
      current.provider === 'PAYPAL' &&
      current.status === 'REQUIRES_ACTION'
    )
      return current.intentId;
    // the same key answers the payment the review shows; after a cancel or decline, a new one
    const result = await start({ input: inputOf(values) }, { portalNotify: false });
    const started = result.data?.startPayment;
    if (result.error || !started || started.provider !== 'PAYPAL') {
      paypalRefusal.current = result.error ? apiRefusal(result.error).message : t('payments.failedText');
      throw new Error(paypalRefusal.current);
    }
    setPayment(started);
    paymentRef.current = started;
    return started.intentId;
  };
  const paypalApproved = async (orderId: string) => {
    const current = paymentRef.current;
    if (!current || current.intentId !== orderId) {
      setFailure(t('payments.failedText'));
      setStep('failed');
      return;
    }
    const result = await capturePayPal({ contractUid, uid: current.uid }, { portalNotify: false });
    const captured = result.data?.capturePayPalPayment;
    if (result.error || !captured) {
      setFailure(result.error ? apiRefusal(result.error).message : t('payments.failedText'));
      setStep('failed');
      return;
    }
    setPayment(captured);
    if (captured.status === 'SUCCEEDED') {
      setStep('done');
      onPaid?.();
    } else if (captured.status === 'PROCESSING') setStep('processing');
    else if (captured.lastError) {
      // declined at PayPal: say why; the buttons start a new payment
      setDecline(captured.lastError.message);
      key.current = newKey();
    } else {
      setFailure(t('payments.failedText'));
      setStep('failed');
    }
  };
  const paypalCancel = () => {
    const current = paymentRef.current;
    if (!current) return;
    void cancel({ contractUid, uid: current.uid }, { portalNotify: false });
    key.current = newKey();
    setPayPalCanceled(
      t('payments.return.paypalCanceled', { amount: formatMoney(current.amount, current.currency) }),
    );
  };
  /** PayPal's buttons at the review: PayPal chosen, or a PayPal payment (a saved account, a resume). */
  const paypalButtons = (how: string) =>
    !!paypalClientId &&
    (how === 'paypal' ||
      (paymentRef.current?.provider === 'PAYPAL' && !chargesSavedPayPal(paymentRef.current)));
  const paypalError = () => {
    setFailure(paypalRefusal.current ?? t('payments.review.paypalFailed'));
    setStep('failed');
  };

  const onSubmit = async (given: Partial<PayValues>, form: FormApi<PayValues>) => {
    const values = withDefaults(given);
    if (step === 'what') {
      setStep('how');
      return undefined;
    }
    if (step === 'how') {
      const forWhat = `${values.what}:${values.what === 'topUp' ? values.topUp.trim() : ''}`;
      if (payment && payment.status === 'REQUIRES_PAYMENT_METHOD') {
        const sameHow =
          values.how === 'card'
            ? payment.methodType === 'CARD' && !payment.paymentMethodUid
            : values.how === 'paypal'
              ? payment.methodType === 'PAYPAL'
              : `method:${payment.paymentMethodUid}` === values.how;
        if (sameHow && (paidFor.current === null || paidFor.current === forWhat)) {
          setStep('review');
          return undefined;
        }
        // another way to pay: this one ends, a new one starts
        await cancel({ contractUid, uid: payment.uid }, { portalNotify: false });
        setPayment(null);
        key.current = newKey();
      }
      const result = await start({ input: inputOf(values) }, { portalNotify: false });
      if (result.error || !result.data) {
        const refusal = result.error
          ? apiRefusal(result.error)
          : { message: t('payments.failedText'), field: null };
        if (refusal.field === 'topUpAmount') {
          setStep('what');
          return { topUp: refusal.message };
        }
        return { [FORM_ERROR]: refusal.message };
      }
      setDecline(null);
      paidFor.current = forWhat;
      setPayment(result.data.startPayment);
      setStep('review');
      return undefined;
    }
    if (step === 'review' && payment) {
      try {
        await confirm(values, form, payment);
      } catch (error) {
        setFailure(error instanceof Error ? error.message : String(error));
        setStep('failed');
      }
    }
    return undefined;
  };

  const stepNumber = step === 'what' ? 1 : step === 'how' ? 2 : 3;
  const payingWith = (how: string, card: CardFields): string => {
    if (how === 'paypal') return t('payments.how.paypal');
    if (how === 'card') {
      const digits = digitsOnly(card.number);
      return kind === 'sandbox' && digits.length >= 4
        ? `${BRAND_NAMES[cardBrand(digits)]} •••• ${digits.slice(-4)}`
        : t('payments.how.newCard');
    }
    const method = methods.find((m) => `method:${m.uid}` === how);
    return method ? methodLabel(method) : '';
  };

  if (
    shownStep === 'done' ||
    shownStep === 'failed' ||
    shownStep === 'redirecting' ||
    shownStep === 'processing'
  )
    return (
      <DialogBody>
        <DialogTitle>{t('payments.title')}</DialogTitle>
        <DialogContent className={styles.content}>
          {shownStep === 'done' && payment ? (
            <div className={styles.outcome} role="status">
              <CheckmarkCircleRegular
                className={mergeClasses(styles.outcomeIcon, styles.success)}
                aria-hidden
              />
              <div className={styles.choice}>
                <Text weight="semibold">{t('payments.done.title')}</Text>
                <Text>
                  {t('payments.done.text', {
                    amount: formatMoney(payment.amount, payment.currency),
                    what: payment.fullDescription,
                  })}
                </Text>
              </div>
            </div>
          ) : shownStep === 'failed' ? (
            <div className={styles.outcome} role="alert">
              <ErrorCircleRegular className={mergeClasses(styles.outcomeIcon, styles.failure)} aria-hidden />
              <div className={styles.choice}>
                <Text weight="semibold">{t('payments.failed.title')}</Text>
                <Text>{t('payments.failed.text', { detail: shownFailure ?? '' })}</Text>
              </div>
            </div>
          ) : (
            <Spinner
              size="small"
              label={shownStep === 'processing' ? t('payments.processing') : t('payments.redirecting')}
            />
          )}
        </DialogContent>
        <DialogActions>
          {shownStep === 'failed' && (
            <Button
              appearance="secondary"
              onClick={() => {
                setFailure(null);
                if (payment?.status !== 'REQUIRES_PAYMENT_METHOD') {
                  setPayment(null);
                  key.current = newKey();
                }
                setStep('how');
              }}
            >
              {t('payments.tryAgain')}
            </Button>
          )}
          <Button appearance="primary" onClick={onClose}>
            {t('payments.close')}
          </Button>
        </DialogActions>
      </DialogBody>
    );

  return (
    <Form<PayValues> onSubmit={onSubmit} validate={validate}>
      {({ handleSubmit, values: given, submitting }) => {
        const values = withDefaults(given);
        return (
          <form onSubmit={handleSubmit} noValidate>
            <DialogBody>
              <DialogTitle>{t('payments.title')}</DialogTitle>
              <DialogContent className={styles.content}>
                <Caption1 className={styles.step}>
                  {t('payments.step', {
                    step: stepNumber,
                    steps: 3,
                    name: t(
                      `payments.stepName.${step === 'what' ? 'what' : step === 'how' ? 'how' : 'review'}`,
                    ),
                  })}
                </Caption1>
                {step === 'what' && (
                  <WhatStep
                    currency={currency}
                    selected={selected}
                    selectedSum={selectedSum}
                    amountDue={amountDue}
                    hasDue={hasDue}
                    limits={limits}
                    what={values.what}
                  />
                )}
                {step === 'how' && (
                  <>
                    {decline && (
                      <MessageBar intent="error" role="alert">
                        <MessageBarBody>
                          <MessageBarTitle>{t('payments.declined.title')}</MessageBarTitle>
                          {t('payments.declined.text', { message: decline })}
                        </MessageBarBody>
                      </MessageBar>
                    )}
                    <HowStep methods={methods} kind={kind} how={values.how} />
                  </>
                )}
                {step === 'review' && payment && (
                  <>
                    {decline && (
                      <MessageBar intent="warning">
                        <MessageBarBody>{t('payments.declined.text', { message: decline })}</MessageBarBody>
                      </MessageBar>
                    )}
                    <dl className={styles.summary} aria-label={t('payments.review.label')}>
                      <dt>{t('payments.review.amount')}</dt>
                      <dd className={styles.total} data-testid="payment-amount">
                        {formatMoney(payment.amount, payment.currency)}
                      </dd>
                      <dt>{t('payments.review.currency')}</dt>
                      <dd>{payment.currency}</dd>
                      <dt>{t('payments.review.for')}</dt>
                      <dd>{payment.fullDescription}</dd>
                      <dt>{t('payments.review.method')}</dt>
                      <dd>{payingWith(values.how, values.card)}</dd>
                      <dt>{t('payments.review.descriptor')}</dt>
                      <dd>
                        <code>{payment.statementDescriptor}</code>
                      </dd>
                    </dl>
                    {paypalCanceled && (
                      <MessageBar intent="info" role="status">
                        <MessageBarBody>
                          <MessageBarTitle>{t('payments.return.canceledTitle')}</MessageBarTitle>
                          {paypalCanceled}
                        </MessageBarBody>
                      </MessageBar>
                    )}
                    {paypalButtons(values.how) && (
                      <Suspense fallback={<Spinner size="tiny" label={t('payments.review.paypalLoading')} />}>
                        <div className={styles.paypal} data-testid="paypal-buttons">
                          <PayPalCheckout
                            clientId={paypalClientId ?? ''}
                            currency={payment.currency}
                            createOrder={() => paypalOrder(values)}
                            onApprove={paypalApproved}
                            onCancel={paypalCancel}
                            onError={paypalError}
                          />
                        </div>
                      </Suspense>
                    )}
                    {kind === 'stripe' && values.how === 'card' && runtimeConfig.stripePublishableKey && (
                      <Suspense fallback={<Spinner size="tiny" />}>
                        <StripeCardForm
                          publishableKey={runtimeConfig.stripePublishableKey}
                          clientSecret={payment.clientSecret}
                          intent="payment"
                          onReady={(fn) => setStripeConfirm(() => fn)}
                        />
                      </Suspense>
                    )}
                    <Caption1 className={styles.detail}>
                      {paypalButtons(values.how)
                        ? t('payments.review.paypalButtonsNote')
                        : values.how === 'paypal'
                          ? t('payments.review.paypalNote')
                          : t('payments.review.note')}
                    </Caption1>
                  </>
                )}
                <FormError />
              </DialogContent>
              <DialogActions>
                <Button appearance="secondary" onClick={close} disabled={submitting}>
                  {t('payments.cancel')}
                </Button>
                {step === 'how' && (
                  <Button
                    appearance="secondary"
                    onClick={() => setStep('what')}
                    disabled={submitting || !!resume}
                  >
                    {t('payments.back')}
                  </Button>
                )}
                {!(step === 'review' && paypalButtons(values.how)) && (
                  <SubmitButton
                    disabled={
                      step === 'review' && kind === 'stripe' && values.how === 'card' && !stripeConfirm
                    }
                  >
                    {step === 'what'
                      ? t('payments.next')
                      : step === 'how'
                        ? t('payments.review.button')
                        : values.how === 'paypal'
                          ? t('payments.confirmPayPal')
                          : t('payments.confirm', {
                              amount: payment ? formatMoney(payment.amount, payment.currency) : '',
                            })}
                  </SubmitButton>
                )}
              </DialogActions>
            </DialogBody>
          </form>
        );
      }}
    </Form>
  );
}

function RadioChoice({
  name,
  children,
  label,
  value,
}: {
  name: string;
  label: string;
  /** the value shown (the field's, or its default) */
  value: string;
  children: React.ReactNode;
}) {
  const { input } = useField<string>(name, { subscription: { value: true } });
  return (
    <Field label={label}>
      <RadioGroup value={value} onChange={(_event, data) => input.onChange(data.value)}>
        {children}
      </RadioGroup>
    </Field>
  );
}

function WhatStep({
  currency,
  selected,
  selectedSum,
  amountDue,
  hasDue,
  limits,
  what,
}: {
  currency: string;
  selected: Options['invoices']['items'];
  selectedSum: string;
  amountDue: string;
  hasDue: boolean;
  limits: Options['paymentLimits'];
  what: What;
}) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const numbers = selected.map((invoice) => invoice.number).join(', ');
  return (
    <>
      <RadioChoice name="what" label={t('payments.what.label')} value={what}>
        <Radio
          value="invoices"
          disabled={selected.length === 0}
          label={
            <span className={styles.choice}>
              <span>
                {selected.length > 0
                  ? t('payments.what.invoices', { count: selected.length })
                  : t('payments.what.invoicesNone')}{' '}
                {selected.length > 0 && (
                  <span className={styles.amount}>{formatMoney(selectedSum, currency)}</span>
                )}
              </span>
              <Caption1 className={styles.detail}>
                {selected.length > 0 ? numbers : t('payments.what.noneSelected')}
              </Caption1>
            </span>
          }
        />
        <Radio
          value="allDue"
          disabled={!hasDue}
          label={
            <span className={styles.choice}>
              <span>
                {t('payments.what.allDue')}{' '}
                <span className={styles.amount}>{formatMoney(amountDue, currency)}</span>
              </span>
              {!hasDue && <Caption1 className={styles.detail}>{t('payments.what.nothingDue')}</Caption1>}
            </span>
          }
        />
        <Radio value="topUp" label={t('payments.what.topUp')} />
      </RadioChoice>
      {what === 'topUp' && (
        <TextField
          name="topUp"
          label={t('payments.amount.label', { currency })}
          hint={t('payments.amount.hint', {
            min: formatMoney(limits.minTopUp, currency),
            max: formatMoney(limits.maxTopUp, currency),
          })}
          inputMode="decimal"
          autoComplete="off"
          required
        />
      )}
    </>
  );
}

function HowStep({
  methods,
  kind,
  how,
}: {
  methods: readonly PaymentMethodFieldsFragment[];
  kind: ReturnType<typeof cardFormKind>;
  how: string;
}) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const { input: saveCard } = useField<boolean>('saveCard', { type: 'checkbox' });
  return (
    <>
      <RadioChoice name="how" label={t('payments.how.label')} value={how}>
        {methods.map((method) => (
          <Radio
            key={method.uid}
            value={`method:${method.uid}`}
            label={
              <span className={styles.choice}>
                <span>
                  {methodLabel(method)}
                  {method.isDefault ? ` · ${t('paymentMethods.default')}` : ''}
                </span>
                {method.methodType === 'CARD' && method.cardExpMonth && method.cardExpYear ? (
                  <Caption1 className={styles.detail}>
                    {t('paymentMethods.expires', {
                      date: `${String(method.cardExpMonth).padStart(2, '0')}/${String(method.cardExpYear % 100).padStart(2, '0')}`,
                    })}
                  </Caption1>
                ) : null}
              </span>
            }
          />
        ))}
        <Radio value="card" disabled={kind === 'unavailable'} label={t('payments.how.newCard')} />
        <Radio value="paypal" label={t('payments.how.paypal')} />
      </RadioChoice>
      {how === 'card' && kind === 'sandbox' && <SandboxCardFields />}
      {how === 'card' && kind === 'stripe' && (
        <Caption1 className={styles.detail}>{t('payments.how.stripeNote')}</Caption1>
      )}
      {how === 'card' && (
        <Checkbox
          checked={!!saveCard.checked}
          onChange={(_event, data) => saveCard.onChange(!!data.checked)}
          label={t('payments.how.saveCard')}
        />
      )}
      {how === 'paypal' && <Caption1 className={styles.detail}>{t('payments.how.paypalNote')}</Caption1>}
    </>
  );
}
