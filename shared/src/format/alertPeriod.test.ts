import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { addSharedTexts } from '../ui/addSharedTexts';
import { formatAlertPeriod } from './alertPeriod';

const { t } = createI18n();

describe('formatAlertPeriod', () => {
  it('shows a period below 60 in minutes', () => {
    expect(formatAlertPeriod(0, t)).toBe('0 min');
    expect(formatAlertPeriod(5, t)).toBe('5 min');
    expect(formatAlertPeriod(59, t)).toBe('59 min');
  });
  it('shows 60 and more in hours', () => {
    expect(formatAlertPeriod(60, t)).toBe('1 h');
    expect(formatAlertPeriod(90, t)).toBe('1.5 h');
    expect(formatAlertPeriod(120, t)).toBe('2 h');
    expect(formatAlertPeriod(100, t)).toBe('1.67 h');
  });
  it('shows nothing for what is not a number', () => {
    expect(formatAlertPeriod(Number.NaN, t)).toBe('');
    expect(formatAlertPeriod(null, t)).toBe('');
  });
  it('takes a translation of the texts', () => {
    const i18n = createI18n();
    i18n.addResourceBundle(
      'en',
      'common',
      { format: { alertPeriod: { hours: '{{value}} Std.' } } },
      true,
      true,
    );
    expect(formatAlertPeriod(180, i18n.t)).toBe('3 Std.');
  });
});

describe('formatAlertPeriod in German', () => {
  it('follows the page language: German units and a decimal comma', () => {
    const de = createI18n({}, 'de');
    addSharedTexts(de);
    expect(formatAlertPeriod(5, de.t)).toBe('5 Min.');
    expect(formatAlertPeriod(90, de.t)).toBe('1,5 Std.');
  });
});
