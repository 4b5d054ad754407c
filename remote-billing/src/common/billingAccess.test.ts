import { describe, expect, it } from 'vitest';
import { mayPay } from './billingAccess';

describe('mayPay', () => {
  const employees = [
    { email: 'admin@example.com', role: 'Administrative' },
    { email: 'Billing@Example.com', role: 'Billing' },
    { email: 'tech@example.com', role: 'Technical' },
  ];

  it('the Administrative and Billing roles, matched by the login e-mail in any case', () => {
    expect(mayPay(employees, 'admin@example.com')).toBe(true);
    expect(mayPay(employees, 'billing@example.com')).toBe(true);
  });

  it('not the Technical role, not someone who is no employee (an authorized person), not while unknown', () => {
    expect(mayPay(employees, 'tech@example.com')).toBe(false);
    expect(mayPay(employees, 'person@example.com')).toBe(false);
    expect(mayPay(undefined, 'admin@example.com')).toBe(false);
    expect(mayPay(employees, null)).toBe(false);
  });
});
