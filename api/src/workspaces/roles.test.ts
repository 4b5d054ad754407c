import { describe, expect, it } from 'vitest';
import { CAPABILITIES, can, ROLE_CAPABILITIES, type Standing } from './roles.js';

// The role table itself: what the README promises, cell by cell.
const TABLE: Record<Standing, string> = {
  //                WS_VIEW WS_MANAGE BILL_VIEW BILL_PAY COMP_VIEW COMP_MANAGE SUP_VIEW SUP_WRITE
  Administrative: 'yyyyyyyy',
  Billing: /*    */ 'ynyyynyy',
  Technical: /*  */ 'ynnnyyyy',
  AuthorizedPerson: 'ynynynyy',
};

describe('the role table', () => {
  it('lists every capability once, in the README order', () => {
    expect(CAPABILITIES).toEqual([
      'WORKSPACE_VIEW',
      'WORKSPACE_MANAGE',
      'BILLING_VIEW',
      'BILLING_PAY',
      'COMPUTE_VIEW',
      'COMPUTE_MANAGE',
      'SUPPORT_VIEW',
      'SUPPORT_WRITE',
    ]);
  });

  for (const [standing, row] of Object.entries(TABLE) as [Standing, string][]) {
    it(`${standing}: ${row}`, () => {
      const cells = CAPABILITIES.map((capability) => (can(standing, capability) ? 'y' : 'n')).join('');
      expect(cells).toBe(row);
      expect(new Set(ROLE_CAPABILITIES[standing]).size).toBe(ROLE_CAPABILITIES[standing].length);
    });
  }

  it('keeps money away from Technical and changes away from Billing and authorized people', () => {
    expect(can('Technical', 'BILLING_VIEW')).toBe(false);
    expect(can('Billing', 'COMPUTE_MANAGE')).toBe(false);
    expect(can('AuthorizedPerson', 'BILLING_PAY')).toBe(false);
    expect(
      (['Billing', 'Technical', 'AuthorizedPerson'] as const).some((s) => can(s, 'WORKSPACE_MANAGE')),
    ).toBe(false);
  });
});
