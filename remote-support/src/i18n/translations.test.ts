import { translationDiff } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { supportDe } from './de';
import { supportEn } from './en';

describe('German texts of the support remote', () => {
  it('support: the same keys, values and tags as English', () => {
    expect(translationDiff(supportEn, supportDe)).toEqual({ missing: [], extra: [], placeholders: [] });
  });
});
