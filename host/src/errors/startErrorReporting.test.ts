import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addBreadcrumb, reportError, setErrorSink } from './reportError';
import { sentryOptions } from './sentryOptions';
import { startErrorReporting } from './startErrorReporting';

function fakeSentry() {
  return { init: vi.fn(), captureException: vi.fn(() => 'id'), addBreadcrumb: vi.fn() };
}

describe('startErrorReporting', () => {
  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    setErrorSink(null);
    vi.restoreAllMocks();
  });

  it('without a DSN neither loads nor initialises Sentry, and reports stay on the console', async () => {
    const load = vi.fn(async () => fakeSentry());
    expect(await startErrorReporting(null, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();
    reportError(new Error('boom'), { phase: 'render' });
    expect(consoleError).toHaveBeenCalledWith(
      '[portal] error',
      { phase: 'render' },
      expect.any(Error),
      expect.any(Array),
    );
  });

  it('with a DSN initialises Sentry with the portal options and forwards reports and breadcrumbs', async () => {
    const sentry = fakeSentry();
    expect(await startErrorReporting('https://key@sentry.example/1', async () => sentry)).toBe(true);
    expect(sentry.init).toHaveBeenCalledExactlyOnceWith(sentryOptions('https://key@sentry.example/1'));
    const options = sentry.init.mock.calls[0]?.[0];
    expect(options).toMatchObject({ environment: 'prod', tracesSampleRate: 0, maxBreadcrumbs: 100 });

    addBreadcrumb('remote portal_billing failed in afterResolve');
    const error = new Error('Products is unavailable');
    reportError(error, { phase: 'remote', remote: 'portal_compute' });
    expect(sentry.addBreadcrumb).toHaveBeenCalledWith({
      category: 'portal',
      message: 'remote portal_billing failed in afterResolve',
    });
    expect(sentry.captureException).toHaveBeenCalledWith(error, {
      extra: { phase: 'remote', remote: 'portal_compute' },
    });
    expect(consoleError).toHaveBeenCalled(); // the console keeps reporting
  });

  it('hands Sentry what was reported before it started (start-up failures)', async () => {
    vi.resetModules(); // a fresh page: nothing decided about reporting yet
    const fresh = await import('./reportError');
    const { startErrorReporting: start } = await import('./startErrorReporting');
    const early = new Error('identity service unreachable');
    fresh.reportError(early, { phase: 'auth data' });
    const sentry = fakeSentry();
    await start('https://key@sentry.example/1', async () => sentry);
    expect(sentry.captureException).toHaveBeenCalledWith(early, { extra: { phase: 'auth data' } });
  });

  it('a Sentry that cannot load leaves reporting on the console', async () => {
    expect(
      await startErrorReporting('https://key@sentry.example/1', () =>
        Promise.reject(new Error('chunk failed')),
      ),
    ).toBe(false);
    reportError(new Error('later'));
    expect(consoleError).toHaveBeenCalledWith('[portal] error', {}, expect.any(Error), expect.any(Array));
  });
});
