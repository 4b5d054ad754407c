import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n';
import { addSharedTexts } from './addSharedTexts';

describe('addSharedTexts', () => {
  it('adds the English texts of the shared UI to common', () => {
    const i18n = createI18n();
    addSharedTexts(i18n);
    expect(i18n.t('confirm.title')).toBe('Confirm?');
    expect(i18n.t('common:infoTooltip.label')).toBe('More information');
    expect(i18n.t('common:format.alertPeriod.minutes', { value: 5 })).toBe('5 min');
  });
  it('keeps the texts that are already there', () => {
    const i18n = createI18n();
    i18n.addResourceBundle('en', 'common', { confirm: { cancel: 'Abbrechen' } }, true, true);
    addSharedTexts(i18n);
    expect(i18n.t('confirm.cancel')).toBe('Abbrechen');
    expect(i18n.t('confirm.confirm')).toBe('Confirm');
    expect(i18n.t('loading')).toBe('Loading…');
  });
});
