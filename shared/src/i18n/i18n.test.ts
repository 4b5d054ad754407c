import { describe, expect, it } from 'vitest';
import { createI18n, DEFAULT_LANGUAGE } from './i18n';
import { initialLanguage } from './language';

describe('createI18n', () => {
  it('speaks en by default and falls back to en (spec section 9)', () => {
    const i18n = createI18n();
    expect(DEFAULT_LANGUAGE).toBe('en');
    expect(i18n.language).toBe('en');
    expect(i18n.options.fallbackLng).toEqual(['en']);
  });

  it('a language without a text falls back to the English one', async () => {
    const i18n = createI18n({ en: { shell: { hello: 'Hello' } } });
    await i18n.changeLanguage('de');
    expect(i18n.t('shell:hello')).toBe('Hello');
    expect(i18n.t('copy.success')).toBe('In die Zwischenablage kopiert');
  });

  it('starts in the remembered language, else the browser one; <html lang> follows', async () => {
    localStorage.setItem('language', 'de');
    const i18n = createI18n();
    expect(i18n.language).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.t('loading')).toBe('Wird geladen …');
    await i18n.changeLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    localStorage.clear();
    expect(initialLanguage(null, ['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(initialLanguage(null, ['fr'])).toBe('en');
    expect(initialLanguage('en', ['de'])).toBe('en');
  });
});
