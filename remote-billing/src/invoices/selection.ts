/** The invoices selected for payment, by uid, with what each still owes (kept across pages). */
export type InvoiceSelection = ReadonlyMap<string, { number: string; amountDue: string; currency: string }>;

const CENTS = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/** A decimal string of the api ("42.50") as whole cents, exactly (no float); null if malformed. */
export function toCents(amount: string): bigint | null {
  const match = CENTS.exec(amount.trim());
  if (!match) return null;
  const cents = BigInt(match[2] ?? '0') * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** Whole cents back as the api writes money: "42.50", "-0.05". */
export function fromCents(cents: bigint): string {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** What the selected invoices still owe together, as a decimal string, and their currency. */
export function selectionTotal(selection: InvoiceSelection): { amount: string; currency: string } {
  let total = 0n;
  let currency = '';
  for (const invoice of selection.values()) {
    total += toCents(invoice.amountDue) ?? 0n;
    currency ||= invoice.currency;
  }
  return { amount: fromCents(total), currency };
}

/** The selection with `uid` added (with what it owes) or removed. */
export function toggled(
  selection: InvoiceSelection,
  invoice: { uid: string; number: string; amountDue: string; currency: string },
  selected: boolean,
): InvoiceSelection {
  const next = new Map(selection);
  if (selected)
    next.set(invoice.uid, {
      number: invoice.number,
      amountDue: invoice.amountDue,
      currency: invoice.currency,
    });
  else next.delete(invoice.uid);
  return next;
}

/**
 * The selection after the api sent these invoices again (a payment, another page): one that can no
 * longer be paid leaves it, one still open keeps its current amount due. Unchanged: the same object.
 */
export function reconciled(
  selection: InvoiceSelection,
  invoices: ReadonlyArray<{
    uid: string;
    number: string;
    amountDue: string;
    currency: string;
    isSelectableForPayment: boolean;
  }>,
): InvoiceSelection {
  let next: Map<string, { number: string; amountDue: string; currency: string }> | null = null;
  for (const invoice of invoices) {
    const held = selection.get(invoice.uid);
    if (!held) continue;
    if (!invoice.isSelectableForPayment) {
      next ??= new Map(selection);
      next.delete(invoice.uid);
    } else if (held.amountDue !== invoice.amountDue) {
      next ??= new Map(selection);
      next.set(invoice.uid, { ...held, amountDue: invoice.amountDue });
    }
  }
  return next ?? selection;
}
