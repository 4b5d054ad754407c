import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticsProvider, scriptAnalyticsProvider, startAnalytics } from './analytics';
import { createConsentStore } from './consentStore';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  for (const script of document.querySelectorAll('script[data-portal-analytics]')) script.remove();
});

function fakeProvider() {
  const load = vi.fn(async () => {});
  return { provider: { load } satisfies AnalyticsProvider, load };
}

describe('startAnalytics', () => {
  it('does not load before the visitor decides, nor after a refusal', () => {
    const consent = createConsentStore();
    const { provider, load } = fakeProvider();
    startAnalytics(consent, provider);
    expect(load).not.toHaveBeenCalled();
    consent.save({ analytics: false, marketing: true });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads once, the moment analytics is allowed', () => {
    const consent = createConsentStore();
    const { provider, load } = fakeProvider();
    startAnalytics(consent, provider);
    consent.save({ analytics: true, marketing: false });
    consent.save({ analytics: true, marketing: true });
    expect(load).toHaveBeenCalledOnce();
  });

  it('loads at start-up when a stored choice allows it', () => {
    createConsentStore().save({ analytics: true, marketing: false });
    const { provider, load } = fakeProvider();
    startAnalytics(createConsentStore(), provider);
    expect(load).toHaveBeenCalledOnce();
  });

  it('reloads the page when consent is withdrawn after loading, and only then', () => {
    const consent = createConsentStore();
    const { provider } = fakeProvider();
    const reload = vi.fn();
    startAnalytics(consent, provider, reload);
    consent.save({ analytics: false, marketing: false });
    expect(reload).not.toHaveBeenCalled();
    consent.save({ analytics: true, marketing: false });
    consent.save({ analytics: false, marketing: false });
    expect(reload).toHaveBeenCalledOnce();
  });

  it('reports a provider that fails to load', async () => {
    const consent = createConsentStore();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    startAnalytics(consent, { load: () => Promise.reject(new Error('blocked')) });
    consent.save({ analytics: true, marketing: false });
    await vi.waitFor(() =>
      expect(error).toHaveBeenCalledWith(
        '[portal] error',
        { phase: 'analytics' },
        expect.any(Error),
        expect.any(Array),
      ),
    );
  });
});

describe('scriptAnalyticsProvider', () => {
  const SCRIPT = 'https://analytics.example/a.js';
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-portal-analytics]')];

  it('adds nothing before consent, then the configured script once, without fetching anything', async () => {
    const consent = createConsentStore();
    startAnalytics(consent, scriptAnalyticsProvider(SCRIPT));
    expect(scripts()).toEqual([]);
    consent.save({ analytics: false, marketing: true });
    expect(scripts()).toEqual([]);
    consent.save({ analytics: true, marketing: false });
    await vi.waitFor(() => expect(scripts()).toHaveLength(1));
    consent.save({ analytics: true, marketing: true });
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]?.src).toBe(SCRIPT);
    expect(scripts()[0]?.async).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('adds the script at start-up when a stored choice allows it', async () => {
    createConsentStore().save({ analytics: true, marketing: false });
    startAnalytics(createConsentStore(), scriptAnalyticsProvider(SCRIPT));
    await vi.waitFor(() => expect(scripts()).toHaveLength(1));
  });

  it('no script configured: no provider, nothing loads and withdrawing consent reloads nothing', () => {
    expect(scriptAnalyticsProvider(null)).toBeNull();
    expect(scriptAnalyticsProvider('')).toBeNull();
    createConsentStore().save({ analytics: true, marketing: false });
    const consent = createConsentStore();
    const reload = vi.fn();
    startAnalytics(consent, scriptAnalyticsProvider(null), reload);
    consent.save({ analytics: false, marketing: false });
    expect(scripts()).toEqual([]);
    expect(reload).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
