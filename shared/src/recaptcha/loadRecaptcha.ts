/**
 * reCAPTCHA v3 (spec section 1, "score-based bot-protection check"). Google's script is loaded
 * only when a site key is configured, only once, and only when a form that needs it is shown. Its
 * badge is hidden; forms that use it show Google's required notice instead.
 */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';
export const RECAPTCHA_TIMEOUT_MS = 10_000;

export type RecaptchaAction = 'login' | 'signup';

export interface Grecaptcha {
  ready(callback: () => void): void;
  execute(siteKey: string, options: { action: string }): Promise<string>;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const loads = new Map<string, Promise<Grecaptcha>>();

function hideBadge(): void {
  if (document.querySelector('style[data-portal-recaptcha]')) return;
  const style = document.createElement('style');
  style.dataset.portalRecaptcha = '';
  style.textContent = '.grecaptcha-badge { visibility: hidden !important; }';
  document.head.appendChild(style);
}

/** Loads Google's script for `siteKey` (once); rejects on error or after `timeoutMs`, so a later call retries. */
export function loadRecaptcha(siteKey: string, timeoutMs = RECAPTCHA_TIMEOUT_MS): Promise<Grecaptcha> {
  const known = loads.get(siteKey);
  if (known) return known;
  const loading = new Promise<Grecaptcha>((resolve, reject) => {
    hideBadge();
    const script = document.createElement('script');
    script.src = `${RECAPTCHA_SCRIPT_URL}?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.dataset.portalRecaptcha = '';
    const fail = (message: string) => {
      clearTimeout(timer);
      loads.delete(siteKey);
      script.remove();
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail('reCAPTCHA did not load in time'), timeoutMs);
    script.addEventListener('load', () => {
      const grecaptcha = window.grecaptcha;
      if (!grecaptcha) return fail('reCAPTCHA did not start');
      grecaptcha.ready(() => {
        clearTimeout(timer);
        resolve(grecaptcha);
      });
    });
    script.addEventListener('error', () => fail('reCAPTCHA could not be loaded'));
    document.head.appendChild(script);
  });
  loads.set(siteKey, loading);
  return loading;
}

/**
 * A fresh token for `action` (tokens live two minutes, so take one right before the call), or
 * undefined when bot protection is off or Google's script is unreachable: the server then decides,
 * and its refusal is shown like any other error.
 */
export async function getRecaptchaToken(
  siteKey: string | null | undefined,
  action: RecaptchaAction,
): Promise<string | undefined> {
  if (!siteKey) return undefined;
  try {
    const grecaptcha = await loadRecaptcha(siteKey);
    return await grecaptcha.execute(siteKey, { action });
  } catch {
    return undefined;
  }
}

/** For tests: forget loaded scripts. */
export function resetRecaptchaLoads(): void {
  loads.clear();
}
