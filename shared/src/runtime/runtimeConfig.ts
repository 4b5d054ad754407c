/**
 * Deployment settings the browser needs, served by the api at /runtime-config.json (never baked
 * into a build). A missing or broken file means "nothing optional configured".
 */
export interface RuntimeConfig {
  /** reCAPTCHA v3 site key; null: bot protection is off and its script is never loaded */
  recaptchaSiteKey: string | null;
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';
export const EMPTY_RUNTIME_CONFIG: RuntimeConfig = { recaptchaSiteKey: null };

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(RUNTIME_CONFIG_URL, { credentials: 'same-origin' });
    if (!response.ok) return EMPTY_RUNTIME_CONFIG;
    const body = (await response.json()) as Partial<RuntimeConfig>;
    return {
      recaptchaSiteKey:
        typeof body.recaptchaSiteKey === 'string' && body.recaptchaSiteKey ? body.recaptchaSiteKey : null,
    };
  } catch {
    return EMPTY_RUNTIME_CONFIG;
  }
}
