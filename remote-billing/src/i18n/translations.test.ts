import { translationDiff } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { billingDe } from './de';
import { billingEn } from './en';

describe('German texts of the billing remote', () => {
  it('billing: the same keys, values and tags as English', () => {
    expect(translationDiff(billingEn, billingDe)).toEqual({ missing: [], extra: [], placeholders: [] });
  });
});
