import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AnalyticsProvider,
  analyticsScriptUrl,
  runtimeAnalyticsProvider,
  startAnalytics,
} from './analytics';
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

describe('runtimeAnalyticsProvider', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-portal-analytics]')];

  it('requests nothing before consent, then reads the runtime configuration and adds its script', async () => {
    fetchMock.mockResolvedValue(Response.json({ analyticsScriptUrl: 'https://analytics.example/a.js' }));
    const consent = createConsentStore();
    startAnalytics(consent, runtimeAnalyticsProvider());
    expect(fetchMock).not.toHaveBeenCalled();
    expect(scripts()).toEqual([]);
    consent.save({ analytics: true, marketing: false });
    await vi.waitFor(() => expect(scripts()).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/runtime-config.json', expect.anything());
    expect(scripts()[0]?.src).toBe('https://analytics.example/a.js');
    expect(scripts()[0]?.async).toBe(true);
  });

  it.each([
    ['no field', {}],
    ['null', { analyticsScriptUrl: null }],
    ['not a URL of the web', { analyticsScriptUrl: 'javascript:alert(1)' }],
  ])('adds no script when none is configured: %s', async (_case, body) => {
    fetchMock.mockResolvedValue(Response.json(body));
    await runtimeAnalyticsProvider().load();
    expect(scripts()).toEqual([]);
  });

  it('adds no script when the configuration cannot be read', async () => {
    fetchMock.mockResolvedValue(new Response('nope', { status: 404 }));
    await runtimeAnalyticsProvider().load();
    fetchMock.mockResolvedValue(new Response('{broken', { status: 200 }));
    await runtimeAnalyticsProvider().load();
    expect(scripts()).toEqual([]);
  });
});

describe('analyticsScriptUrl', () => {
  it('resolves http(s) URLs against the page and refuses the rest', () => {
    expect(analyticsScriptUrl('/a.js', 'https://portal.example/x')).toBe('https://portal.example/a.js');
    expect(analyticsScriptUrl('https://cdn.example/a.js', 'https://portal.example/')).toBe(
      'https://cdn.example/a.js',
    );
    expect(analyticsScriptUrl('data:text/javascript,1', 'https://portal.example/')).toBeNull();
    expect(analyticsScriptUrl('', 'https://portal.example/')).toBeNull();
    expect(analyticsScriptUrl(42, 'https://portal.example/')).toBeNull();
    expect(analyticsScriptUrl('http://[bad', 'https://portal.example/')).toBeNull();
  });
});
