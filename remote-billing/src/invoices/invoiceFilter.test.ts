import { describe, expect, it } from 'vitest';
import { filterProblems, isDay, NO_FILTER, toInvoiceFilter } from './invoiceFilter';
import { fromCents, reconciled, selectionTotal, toCents, toggled } from './selection';

describe('invoice filter', () => {
  it('days are real calendar days', () => {
    expect(isDay('2026-02-28')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('26-02-01')).toBe(false);
  });

  it('From after To is named on To; a bad day on its own field', () => {
    expect(filterProblems({ status: [], from: '2026-05-02', to: '2026-05-01' })).toEqual({
      to: 'invoices.fromAfterTo',
    });
    expect(filterProblems({ status: [], from: '2026-05-01', to: '2026-05-01' })).toEqual({});
    expect(filterProblems({ status: [], from: '2026-13-01', to: '' })).toEqual({ from: 'invoices.badDate' });
  });

  it("the api's filter: only what is set; all three statuses are no status filter", () => {
    expect(toInvoiceFilter(NO_FILTER)).toBeNull();
    expect(toInvoiceFilter({ status: ['OVERDUE', 'OPEN'], from: '', to: '2026-06-30' })).toEqual({
      status: ['OPEN', 'OVERDUE'],
      to: '2026-06-30',
    });
    expect(toInvoiceFilter({ status: ['PAID', 'OPEN', 'OVERDUE'], from: '', to: '' })).toBeNull();
  });
});

describe('selection', () => {
  it('cents exactly, both ways', () => {
    expect(toCents('42.5')).toBe(4250n);
    expect(toCents('-0.05')).toBe(-5n);
    expect(toCents('1.234')).toBeNull();
    expect(fromCents(4250n)).toBe('42.50');
    expect(fromCents(-5n)).toBe('-0.05');
  });

  it('the total of the selected invoices without float error', () => {
    let selection = toggled(new Map(), { uid: 'a', number: 'A', amountDue: '0.10', currency: 'EUR' }, true);
    selection = toggled(selection, { uid: 'b', number: 'B', amountDue: '0.20', currency: 'EUR' }, true);
    expect(selectionTotal(selection)).toEqual({ amount: '0.30', currency: 'EUR' });
    expect(
      selectionTotal(
        toggled(selection, { uid: 'a', number: 'A', amountDue: '0.10', currency: 'EUR' }, false),
      ),
    ).toEqual({
      amount: '0.20',
      currency: 'EUR',
    });
  });

  it('an invoice paid meanwhile leaves the selection; an unchanged answer keeps the same object', () => {
    const selection = toggled(
      new Map(),
      { uid: 'a', number: 'A', amountDue: '10.00', currency: 'EUR' },
      true,
    );
    const same = [
      { uid: 'a', number: 'A', amountDue: '10.00', currency: 'EUR', isSelectableForPayment: true },
    ];
    expect(reconciled(selection, same)).toBe(selection);
    expect(
      reconciled(selection, [{ ...same[0]!, amountDue: '0.00', isSelectableForPayment: false }]).size,
    ).toBe(0);
    expect(reconciled(selection, [{ ...same[0]!, amountDue: '4.00' }]).get('a')?.amountDue).toBe('4.00');
  });
});
