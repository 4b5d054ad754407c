import { translationDiff } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { computeDe } from './de';
import { computeEn } from './en';

describe('German texts of the compute remote', () => {
  it('compute: the same keys, values and tags as English', () => {
    expect(translationDiff(computeEn, computeDe)).toEqual({ missing: [], extra: [], placeholders: [] });
  });
});
