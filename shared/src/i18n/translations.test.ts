import { describe, expect, it } from 'vitest';
import { formatDe } from '../format/de';
import { formatEn } from '../format/en';
import { formsDe } from '../forms/de';
import { formsEn } from '../forms/en';
import { sharedUiDe } from '../ui/de';
import { sharedUiEn } from '../ui/en';
import { validationDe } from '../validation/de';
import { validationEn } from '../validation/messages';
import { commonDe } from './de';
import { commonEn } from './en';
import { translationDiff } from './translation';

/** Every namespace of this package: English and its German translation. */
const NAMESPACES = {
  'common (shell fallbacks)': [commonEn, commonDe],
  'common (shared UI)': [sharedUiEn, sharedUiDe],
  'common:format': [formatEn, formatDe],
  forms: [formsEn, formsDe],
  validation: [validationEn, validationDe],
} as const;

describe('German texts of @portal/shared', () => {
  it.each(Object.entries(NAMESPACES))('%s: the same keys, values and tags as English', (_ns, [en, de]) => {
    expect(translationDiff(en, de)).toEqual({ missing: [], extra: [], placeholders: [] });
  });

  it('the spec texts stay verbatim in English', () => {
    expect(validationEn.required).toBe('Required');
    expect(commonEn.errors.network).toBe('Network Error: {{detail}}');
    expect(commonEn.errors.permissionDenied).toBe('You do not have permission to perform this action');
  });
});

describe('translationDiff', () => {
  it('finds missing and extra keys at any depth', () => {
    const en = { a: 'A', b: { c: 'C', d: 'D' } };
    expect(translationDiff(en, { a: 'x', b: { c: 'y', e: 'z' } })).toEqual({
      missing: ['b.d'],
      extra: ['b.e'],
      placeholders: [],
    });
    // a text where English has a group, or the other way round
    expect(translationDiff(en, { a: { x: 'x' }, b: 'y' }).missing).toEqual(['a', 'b.c', 'b.d']);
  });

  it('finds texts that lost or changed a value or a tag', () => {
    const en = { a: 'Hi {{name}}', b: 'Read <privacy>this</privacy>', c: '{{x}} and {{x}}' };
    expect(
      translationDiff(en, { a: 'Hallo', b: 'Lesen Sie <terms>das</terms>', c: '{{x}}' }).placeholders,
    ).toEqual(['a', 'b']);
  });
});
