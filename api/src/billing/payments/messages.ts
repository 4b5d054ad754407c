/**
 * What the payments api says when it refuses (extensions.code `INVALID_INPUT` with the field, or
 * `PAYMENT_REFUSED` for a rule), word for word as the UI shows it. The limits of a top-up are here
 * too: the spec is silent, so the portal takes 5.00 to 10,000.00 in the workspace currency.
 */
export const MIN_TOP_UP_CENTS = 5_00n;
export const MAX_TOP_UP_CENTS = 10_000_00n;
/** A payment not finished after this long is canceled (`abandoned`). */
export const PAYMENT_EXPIRY_MS = 24 * 60 * 60 * 1000;

export const PAYMENT_MESSAGES = {
  what: 'Choose what to pay: invoices, the whole amount due or a top-up.',
  how: 'Choose how to pay: a saved payment method, a new card or PayPal.',
  topUpFormat: 'The top-up amount must be a number like 50.00.',
  topUpDecimals: 'The top-up amount can have at most two decimals.',
  topUpPositive: 'The top-up amount must be more than zero.',
  topUpMin: 'The top-up amount must be at least 5.00.',
  topUpMax: 'The top-up amount can be at most 10000.00.',
  noInvoices: 'Select at least one invoice to pay.',
  invoicePaid: (number: string) => `Invoice ${number} is already paid.`,
  nothingDue: 'Nothing is due: there is no amount to pay.',
  methodRemoved: 'This payment method was removed. Choose another one.',
  methodUnknown: 'This payment method does not exist. Choose another one.',
  methodPaypalSaved: 'This PayPal account can be used with PayPal: choose PayPal.',
  idempotencyKey: "idempotencyKey must be 8 to 100 letters, digits, '-' or '_'.",
  idempotencyReused: 'This idempotencyKey was already used for a different payment.',
  returnUrl: 'returnUrl must be a page of the portal.',
  saveCard: 'saveCard is only possible with a new card.',
  processing: 'A payment is being processed. Wait until it has finished before starting another one.',
  cancelFinished: 'This payment has finished and cannot be canceled.',
  cancelProcessing: 'This payment is being processed and cannot be canceled.',
  setupNotSucceeded: 'The card was not saved: its confirmation has not succeeded.',
  setupUnknown: 'This card setup does not exist.',
  lastMethod:
    'This is your only payment method and an amount is due. Add another payment method before removing it.',
  paypalUnavailable: 'Connect PayPal with the PayPal button on the payment methods tab.',
  paypalVaultSandbox: 'Saving a PayPal account at PayPal needs PayPal keys. Use Connect PayPal instead.',
  paypalSetupUnknown: 'This PayPal connection does not exist. Start again with Connect PayPal.',
  paypalSetupNotApproved: 'PayPal has not approved saving this account. Connect PayPal again.',
  paypalConnectUnreachable: 'PayPal could not be reached. Nothing was saved; try again in a moment.',
  paypalRemoveUnreachable:
    'PayPal could not be reached, so this PayPal account was not removed. Try again in a moment.',
  paypalDeclined: 'PayPal declined the payment. Choose another funding source in PayPal, or pay with a card.',
  paypalUnreachable: 'PayPal could not be reached. Nothing was charged; try again in a moment.',
  paypalNotPayPal: 'This payment is not a PayPal payment.',
  paypalFinished: 'This payment was canceled. Start a new payment.',
} as const;
