import { translationDiff } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { shellDe } from './de';
import { shellEn } from './en';

describe('German texts of the shell', () => {
  it('shell: the same keys, values and tags as English', () => {
    expect(translationDiff(shellEn, shellDe)).toEqual({ missing: [], extra: [], placeholders: [] });
  });
});
