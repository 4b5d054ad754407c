import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRecaptchaToken, loadRecaptcha, RECAPTCHA_SCRIPT_URL, resetRecaptchaLoads } from './loadRecaptcha';

const scripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[data-portal-recaptcha]')];

function fakeGoogle(token = 'token-1') {
  const execute = vi.fn(async () => token);
  window.grecaptcha = { ready: (callback) => callback(), execute };
  return execute;
}

describe('reCAPTCHA loader', () => {
  beforeEach(() => {
    resetRecaptchaLoads();
    document.head.innerHTML = '';
    delete window.grecaptcha;
  });
  afterEach(() => vi.useRealTimers());

  it('without a site key loads nothing and answers no token', async () => {
    expect(await getRecaptchaToken(null, 'login')).toBeUndefined();
    expect(await getRecaptchaToken('', 'signup')).toBeUndefined();
    expect(scripts()).toHaveLength(0);
    expect(document.querySelector('script')).toBeNull();
  });

  it("loads Google's script once, with the site key, and hides the badge", async () => {
    const first = loadRecaptcha('site-key');
    const second = loadRecaptcha('site-key');
    expect(second).toBe(first);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]!.src).toBe(`${RECAPTCHA_SCRIPT_URL}?render=site-key`);
    expect(scripts()[0]!.async).toBe(true);
    expect(document.querySelector('style[data-portal-recaptcha]')?.textContent).toContain(
      '.grecaptcha-badge { visibility: hidden',
    );
    fakeGoogle();
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(window.grecaptcha);
  });

  it('answers a token for the action', async () => {
    const pending = getRecaptchaToken('site-key', 'signup');
    const execute = fakeGoogle('abc');
    scripts()[0]!.dispatchEvent(new Event('load'));
    expect(await pending).toBe('abc');
    expect(execute).toHaveBeenCalledWith('site-key', { action: 'signup' });
  });

  it('a script that fails answers no token, and the next call tries again', async () => {
    const pending = getRecaptchaToken('site-key', 'login');
    scripts()[0]!.dispatchEvent(new Event('error'));
    expect(await pending).toBeUndefined();
    expect(scripts()).toHaveLength(0);
    void loadRecaptcha('site-key').catch(() => undefined);
    expect(scripts()).toHaveLength(1);
  });

  it('a script that never answers times out', async () => {
    vi.useFakeTimers();
    const pending = loadRecaptcha('site-key', 1000);
    vi.advanceTimersByTime(1000);
    await expect(pending).rejects.toThrow('did not load in time');
  });

  it('a token request that Google refuses answers no token', async () => {
    const pending = getRecaptchaToken('site-key', 'login');
    window.grecaptcha = {
      ready: (callback) => callback(),
      execute: vi.fn(async () => Promise.reject(new Error('x'))),
    };
    scripts()[0]!.dispatchEvent(new Event('load'));
    expect(await pending).toBeUndefined();
  });
});
