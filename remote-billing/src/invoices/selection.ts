/** The invoices selected for payment, by uid, with what each still owes (kept across pages). */
export type InvoiceSelection = ReadonlyMap<string, { number: string; amountDue: string; currency: string }>;
