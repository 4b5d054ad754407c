import { describe, expect, it } from 'vitest';
import { createI18n, DEFAULT_LANGUAGE } from './i18n';

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
    expect(i18n.t('copy.success')).toBe('Copied to clipboard');
  });
});
