/**
 * Deployment settings the browser needs, served by the api at /runtime-config.json (never baked
 * into a build). A missing or broken file means "nothing optional configured".
 */
export interface RuntimeConfig {
  /** reCAPTCHA v3 site key; null: bot protection is off and its script is never loaded */
  recaptchaSiteKey: string | null;
  /** Sentry DSN; null: no error reporting leaves the browser */
  sentryDsn: string | null;
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';
export const EMPTY_RUNTIME_CONFIG: RuntimeConfig = { recaptchaSiteKey: null, sentryDsn: null };

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(RUNTIME_CONFIG_URL, { credentials: 'same-origin' });
    if (!response.ok) return EMPTY_RUNTIME_CONFIG;
    const body = (await response.json()) as Partial<RuntimeConfig>;
    return { recaptchaSiteKey: text(body.recaptchaSiteKey), sentryDsn: text(body.sentryDsn) };
  } catch {
    return EMPTY_RUNTIME_CONFIG;
  }
}
