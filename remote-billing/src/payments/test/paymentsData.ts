import type { PaymentFieldsFragment, PaymentMethodFieldsFragment } from '../../gql/graphql';

/** Answers of the payments operations as the api sends them (every object with its `__typename`). */
export function card(uid: string, fields: Partial<PaymentMethodFieldsFragment> = {}) {
  return {
    __typename: 'PaymentMethod',
    uid,
    methodId: `pm_${uid}`,
    methodType: 'CARD',
    effectiveFrom: '2026-01-15T10:00:00.000Z',
    effectiveTill: null,
    cardBrand: 'visa',
    cardLast4: '4242',
    cardExpMonth: 12,
    cardExpYear: 2030,
    paypalCountry: null,
    paypalPayerId: null,
    paypalPayerEmail: null,
    isDefault: false,
    ...fields,
  };
}

export function paypal(uid: string, fields: Partial<PaymentMethodFieldsFragment> = {}) {
  return card(uid, {
    methodType: 'PAYPAL',
    cardBrand: null,
    cardLast4: null,
    cardExpMonth: null,
    cardExpYear: null,
    paypalCountry: 'DE',
    paypalPayerId: 'PAYER1',
    paypalPayerEmail: 'payer@example.com',
    ...fields,
  });
}

export function payment(fields: Partial<PaymentFieldsFragment> = {}) {
  return {
    __typename: 'Payment',
    uid: 'pay-1',
    contractUid: 'C-1',
    status: 'REQUIRES_PAYMENT_METHOD',
    purpose: 'TOP_UP',
    invoiceUids: [],
    amount: '50.00',
    currency: 'EUR',
    statementDescriptor: 'NORDWIND TOPUP',
    fullDescription: 'Top-up',
    provider: 'SANDBOX',
    methodType: 'CARD',
    paymentMethodUid: null,
    intentId: 'pi_1',
    clientSecret: 'pi_1_secret_abc',
    nextAction: null,
    lastError: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    expiresAt: '2026-11-25T10:00:00.000Z',
    finishedAt: null,
    ...fields,
  };
}

export function openInvoiceItem(number: string, amountDue: string) {
  return {
    __typename: 'Invoice',
    uid: `uid-${number}`,
    number,
    currency: 'EUR',
    amountDue,
    dateDue: '2026-11-30',
    isSelectableForPayment: true,
  };
}

export function optionsAnswer(
  options: {
    methods?: object[];
    invoices?: object[];
    amountDue?: string;
    provider?: 'SANDBOX' | 'STRIPE';
  } = {},
) {
  return () => ({
    data: {
      __typename: 'Query',
      paymentLimits: {
        __typename: 'PaymentLimits',
        contractUid: 'C-1',
        currency: 'EUR',
        minTopUp: '5.00',
        maxTopUp: '10000.00',
        amountDue: options.amountDue ?? '178.50',
        provider: options.provider ?? 'SANDBOX',
      },
      paymentMethods: options.methods ?? [],
      invoices: { __typename: 'InvoicePage', items: options.invoices ?? [] },
    },
  });
}

/** A sandbox PaymentIntent as its REST endpoint answers. */
export function intent(status: string, fields: object = {}) {
  return {
    id: 'pi_1',
    object: 'payment_intent',
    status,
    client_secret: 'pi_1_secret_abc',
    payment_method: 'pm_new',
    next_action: null,
    last_payment_error: null,
    ...fields,
  };
}
