import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { formatMoney, usePortal } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { useRefetchOnChange } from '../common/useBillingLive';
import {
  CancelPaymentDocument,
  type PaymentFieldsFragment,
  PaymentOutcomeDocument,
  PendingPaymentDocument,
  ResumePaymentDocument,
} from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import { apiRefusal } from './apiRefusal';
import { MakePaymentDialog } from './MakePaymentDialog';
import { findRedirect, forgetRedirect } from './redirectStash';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

/** The query parameters a return from 3-D Secure or PayPal carries (Stripe's, plus our `payment`). */
const RETURN_PARAMS = [
  'payment',
  'payment_intent',
  'payment_intent_client_secret',
  'redirect_status',
  // PayPal's full-page return from an approved order: `token` (the order id) and `PayerID`
  'token',
  'PayerID',
];

/** Which payment a return from the provider's page is about: ours in the URL, else the one that left. */
function returnedPayment(params: URLSearchParams, contractUid: string): string | null {
  const intentId = params.get('payment_intent');
  const stashed = params.has('payment') || intentId ? findRedirect(intentId) : null;
  const uid = params.get('payment') ?? (stashed?.contractUid === contractUid ? stashed.uid : null);
  return uid;
}

/**
 * On the Billing page, above the tabs: how a payment that left for 3-D Secure or PayPal ended when
 * the browser comes back, and the workspace's pending payment (started, not finished: an abandoned
 * challenge, a reload) with Resume and Cancel. It follows the workspace's live events.
 */
export function PendingPaymentNotice({ contractUid, canPay }: { contractUid: string; canPay: boolean }) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const { notify, confirm } = usePortal();
  const { formatDateTime } = useDateFormat();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { navigate } = usePortal();

  // the return: read while rendering (a pure read: a suspended render runs it again), then, once on
  // screen, the URL is cleaned and the stash forgotten (a reload must not announce it again)
  const [returnedUid] = useState(() => returnedPayment(params, contractUid));
  /** The PayPal order the buyer approved on PayPal's own page (a blocked popup, a full-page flow). */
  const [approvedOrder] = useState(() => (params.get('PayerID') ? params.get('token') : null));
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    if (RETURN_PARAMS.some((name) => params.has(name))) {
      forgetRedirect();
      const rest = new URLSearchParams(params);
      for (const name of RETURN_PARAMS) rest.delete(name);
      const query = rest.toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, { replace: true });
    }
  }, [params, pathname, navigate]);

  const [outcome, refetchOutcome] = useQuery({
    query: PaymentOutcomeDocument,
    variables: { contractUid, uid: returnedUid ?? '' },
    pause: !returnedUid,
    requestPolicy: 'network-only',
  });
  const [pending, refetchPending] = useQuery({
    query: PendingPaymentDocument,
    variables: { contractUid },
    pause: !contractUid,
    requestPolicy: 'cache-and-network',
  });
  useRefetchOnChange(() => {
    refetchPending({ requestPolicy: 'network-only' });
    if (returnedUid) refetchOutcome({ requestPolicy: 'network-only' });
  });

  const [, cancelPayment] = useMutation(CancelPaymentDocument);
  const [, resumePayment] = useMutation(ResumePaymentDocument);
  const [resumed, setResumed] = useState<PaymentFieldsFragment | null>(null);
  const canceledPayPal = useRef(false);

  const returned = outcome.data?.payment;
  // back from PayPal's page with the order approved: captured now, no Resume to press (the api
  // captures an approved order once and settles it like PayPal's buttons' onApprove)
  const capturedReturn = useRef(false);
  useEffect(() => {
    if (
      returned &&
      approvedOrder &&
      !capturedReturn.current &&
      returned.provider === 'PAYPAL' &&
      returned.intentId === approvedOrder &&
      returned.status === 'REQUIRES_ACTION'
    ) {
      capturedReturn.current = true;
      void resumePayment({ contractUid, uid: returned.uid }, { portalNotify: false }).then((result) => {
        if (result.error) notify({ type: 'error', message: apiRefusal(result.error).message });
        refetchOutcome({ requestPolicy: 'network-only' });
        refetchPending({ requestPolicy: 'network-only' });
      });
    }
  }, [returned, approvedOrder, resumePayment, contractUid, notify, refetchOutcome, refetchPending]);
  // PayPal's Cancel changes nothing: the payment it started ends
  useEffect(() => {
    if (
      returned &&
      returned.lastError?.code === 'paypal_canceled' &&
      returned.status === 'REQUIRES_PAYMENT_METHOD' &&
      !canceledPayPal.current
    ) {
      canceledPayPal.current = true;
      void cancelPayment({ contractUid, uid: returned.uid }, { portalNotify: false }).then(() =>
        refetchPending({ requestPolicy: 'network-only' }),
      );
    }
  }, [returned, cancelPayment, contractUid, refetchPending]);

  const paypalCanceled = returned?.lastError?.code === 'paypal_canceled';
  const open = pending.data?.pendingPayment ?? null;
  const showOpen = open && !(paypalCanceled && open.uid === returned?.uid);

  const resume = async (payment: PaymentFieldsFragment) => {
    const result = await resumePayment({ contractUid, uid: payment.uid }, { portalNotify: false });
    if (result.error || !result.data) {
      notify({
        type: 'error',
        message: result.error ? apiRefusal(result.error).message : t('payments.failedText'),
      });
      return;
    }
    const fresh = result.data.resumePayment;
    if (fresh.status === 'SUCCEEDED' || fresh.status === 'CANCELED') {
      refetchPending({ requestPolicy: 'network-only' });
      return;
    }
    setResumed(fresh);
  };

  const cancel = (payment: PaymentFieldsFragment) =>
    confirm({
      title: t('payments.pending.cancelTitle'),
      text: t('payments.pending.cancelText', { amount: formatMoney(payment.amount, payment.currency) }),
      confirmText: t('payments.pending.cancelConfirm'),
      cancelText: t('payments.pending.keep'),
      action: async () => {
        const result = await cancelPayment({ contractUid, uid: payment.uid }, { portalNotify: false });
        if (result.error) {
          notify({ type: 'error', message: apiRefusal(result.error).message });
          return false;
        }
        notify({ type: 'success', message: t('payments.pending.canceled') });
        refetchPending({ requestPolicy: 'network-only' });
        return true;
      },
    });

  return (
    <div className={styles.root}>
      {returned && !dismissed && (
        <ReturnOutcome
          payment={returned}
          paypalCanceled={paypalCanceled}
          onDismiss={() => setDismissed(true)}
        />
      )}
      {showOpen && open.uid !== returned?.uid && open.status !== 'PROCESSING' && (
        <MessageBar intent="warning" layout="multiline" aria-label={t('payments.pending.title')}>
          <MessageBarBody>
            <MessageBarTitle>{t('payments.pending.title')}</MessageBarTitle>
            {t('payments.pending.text', {
              amount: formatMoney(open.amount, open.currency),
              what: open.fullDescription,
              date: formatDateTime(open.createdAt),
            })}
          </MessageBarBody>
          {canPay && (
            <MessageBarActions>
              <Button appearance="primary" size="small" onClick={() => void resume(open)}>
                {t('payments.pending.resume')}
              </Button>
              <Button size="small" onClick={() => void cancel(open)}>
                {t('payments.pending.cancel')}
              </Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {showOpen && open.uid === returned?.uid && returned.status === 'REQUIRES_PAYMENT_METHOD' && canPay && (
        <MessageBar intent="warning" layout="multiline" aria-label={t('payments.pending.title')}>
          <MessageBarBody>{t('payments.pending.stillOpen')}</MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" size="small" onClick={() => void resume(open)}>
              {t('payments.pending.resume')}
            </Button>
            <Button size="small" onClick={() => void cancel(open)}>
              {t('payments.pending.cancel')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {showOpen && open.status === 'PROCESSING' && (
        <MessageBar intent="info">
          <MessageBarBody>
            {t('payments.pending.processing', { amount: formatMoney(open.amount, open.currency) })}
          </MessageBarBody>
        </MessageBar>
      )}
      {resumed && (
        <MakePaymentDialog
          contractUid={contractUid}
          selectedInvoiceUids={resumed.invoiceUids}
          open
          resume={resumed}
          onClose={() => {
            setResumed(null);
            refetchPending({ requestPolicy: 'network-only' });
          }}
        />
      )}
    </div>
  );
}

function ReturnOutcome({
  payment,
  paypalCanceled,
  onDismiss,
}: {
  payment: PaymentFieldsFragment;
  paypalCanceled: boolean;
  onDismiss: () => void;
}) {
  const { t } = useBillingTranslation();
  const amount = formatMoney(payment.amount, payment.currency);
  const dismiss = (
    <MessageBarActions
      containerAction={
        <Button
          appearance="transparent"
          aria-label={t('payments.close')}
          icon={<DismissRegular />}
          onClick={onDismiss}
        />
      }
    />
  );
  if (payment.status === 'SUCCEEDED')
    return (
      <MessageBar intent="success" role="status">
        <MessageBarBody>
          <MessageBarTitle>{t('payments.done.title')}</MessageBarTitle>
          {t('payments.done.text', { amount, what: payment.fullDescription })}
        </MessageBarBody>
        {dismiss}
      </MessageBar>
    );
  if (paypalCanceled || payment.status === 'CANCELED')
    return (
      <MessageBar intent="info" role="status">
        <MessageBarBody>
          <MessageBarTitle>{t('payments.return.canceledTitle')}</MessageBarTitle>
          {paypalCanceled
            ? t('payments.return.paypalCanceled', { amount })
            : t('payments.return.canceled', { amount })}
        </MessageBarBody>
        {dismiss}
      </MessageBar>
    );
  if (payment.status === 'PROCESSING' || payment.status === 'REQUIRES_ACTION')
    return (
      <MessageBar intent="info" role="status">
        <MessageBarBody>{t('payments.pending.processing', { amount })}</MessageBarBody>
        {dismiss}
      </MessageBar>
    );
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>
        <MessageBarTitle>{t('payments.failed.title')}</MessageBarTitle>
        {t('payments.return.failed', {
          amount,
          message: payment.lastError?.message ?? t('payments.failedText'),
        })}
      </MessageBarBody>
      {dismiss}
    </MessageBar>
  );
}
