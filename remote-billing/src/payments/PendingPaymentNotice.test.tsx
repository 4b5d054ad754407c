import { screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { billingClient } from '../test/billingClient';
import { renderPage } from '../test/renderPage';
import { PendingPaymentNotice } from './PendingPaymentNotice';
import { findRedirect, rememberRedirect } from './redirectStash';
import { payment } from './test/paymentsData';

const ROUTE = '/workspace/:contractUid/billing/:tab?';

/** A sibling that suspends on its first render, as a lazily loaded part of the page does on a cold load. */
let loading: Promise<void> | null = null;
let loaded = false;
function SlowSibling() {
  if (loaded) return null;
  loading ??= new Promise<void>((resolve) => setTimeout(resolve, 50)).then(() => {
    loaded = true;
  });
  throw loading;
}

describe('PendingPaymentNotice', () => {
  it('back from PayPal with only the intent in the URL: says how it ended, even when the first render is thrown away', async () => {
    const paid = payment({
      uid: 'pay-7',
      intentId: 'pi_7',
      status: 'SUCCEEDED',
      methodType: 'PAYPAL',
      amount: '20.00',
    });
    rememberRedirect({ contractUid: 'C-1', uid: 'pay-7', intentId: 'pi_7' });
    const api = billingClient({
      PaymentOutcome: () => ({ data: { payment: paid } }),
      PendingPayment: () => ({ data: { pendingPayment: null } }),
    });
    const { location } = renderPage(
      <Suspense fallback={null}>
        <SlowSibling />
        <PendingPaymentNotice contractUid="C-1" canPay />
      </Suspense>,
      {
        path: '/workspace/C-1/billing/invoices?payment_intent=pi_7&redirect_status=succeeded',
        route: ROUTE,
        graphql: api.client,
      },
    );

    const outcome = await screen.findByRole('status');
    expect(outcome.textContent).toContain('Payment received');
    expect(outcome.textContent).toContain('€20.00');
    expect(api.calls('PaymentOutcome')).toEqual([{ contractUid: 'C-1', uid: 'pay-7' }]);
    // announced once: the URL is cleaned and the stash forgotten, so a reload says nothing
    await waitFor(() => expect(location()).toBe('/workspace/C-1/billing/invoices'));
    expect(findRedirect('pi_7')).toBeNull();
  });

  it('back from PayPal’s own page with the order approved: captured without pressing Resume, then “Payment received”', async () => {
    const ORDER = '5O190127TN364715T';
    let captured = false;
    const paypalPayment = () =>
      payment({
        uid: 'pay-8',
        provider: 'PAYPAL',
        methodType: 'PAYPAL',
        intentId: ORDER,
        clientSecret: ORDER,
        amount: '30.00',
        status: captured ? 'SUCCEEDED' : 'REQUIRES_ACTION',
      });
    const api = billingClient({
      PaymentOutcome: () => ({ data: { payment: paypalPayment() } }),
      PendingPayment: () => ({ data: { pendingPayment: captured ? null : paypalPayment() } }),
      ResumePayment: () => {
        captured = true;
        return { data: { resumePayment: paypalPayment() } };
      },
    });
    const { location } = renderPage(<PendingPaymentNotice contractUid="C-1" canPay />, {
      path: `/workspace/C-1/billing/invoices?payment=pay-8&token=${ORDER}&PayerID=QYR5Z8XDVJNXQ`,
      route: ROUTE,
      graphql: api.client,
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Payment received'));
    expect(screen.getByRole('status').textContent).toContain('€30.00');
    expect(api.calls('ResumePayment')).toEqual([{ contractUid: 'C-1', uid: 'pay-8' }]);
    await waitFor(() => expect(location()).toBe('/workspace/C-1/billing/invoices'));
    expect(screen.queryByRole('button', { name: 'Resume' })).toBeNull();
  });

  it('back from PayPal without an approval (no PayerID): nothing is captured', async () => {
    const open = payment({
      uid: 'pay-9',
      provider: 'PAYPAL',
      methodType: 'PAYPAL',
      intentId: '5O9',
      status: 'REQUIRES_ACTION',
    });
    const api = billingClient({
      PaymentOutcome: () => ({ data: { payment: open } }),
      PendingPayment: () => ({ data: { pendingPayment: open } }),
    });
    renderPage(<PendingPaymentNotice contractUid="C-1" canPay />, {
      path: '/workspace/C-1/billing/invoices?payment=pay-9&token=5O9',
      route: ROUTE,
      graphql: api.client,
    });
    await waitFor(() => expect(api.calls('PaymentOutcome')).toHaveLength(1));
    await screen.findByRole('status');
    expect(api.calls('ResumePayment')).toEqual([]);
  });
});
