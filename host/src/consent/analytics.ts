import { RUNTIME_CONFIG_URL } from '@portal/shared';
import { reportError } from '../errors/reportError';
import type { ConsentStore } from './consentStore';

/** A session-analytics provider. `load` runs at most once per page, and only with analytics consent. */
export interface AnalyticsProvider {
  load(): Promise<void>;
}

/**
 * Loads analytics when, and only when, the visitor allows it: at start-up if a stored choice
 * allows it, else the moment they do. A script cannot be unloaded, so withdrawing consent after
 * it loaded reloads the page (which then starts without it). Returns the unsubscribe.
 */
export function startAnalytics(
  consent: ConsentStore,
  provider: AnalyticsProvider,
  reload: () => void = () => window.location.reload(),
): () => void {
  let loaded = false;
  const apply = () => {
    const allowed = consent.getState()?.analytics === true;
    if (allowed && !loaded) {
      loaded = true;
      provider.load().catch((error: unknown) => reportError(error, { phase: 'analytics' }));
    } else if (!allowed && loaded) {
      reload();
    }
  };
  apply();
  return consent.subscribe(apply);
}

/** Field of /runtime-config.json naming the analytics script; absent or null: no analytics. */
export const ANALYTICS_SCRIPT_FIELD = 'analyticsScriptUrl';

/**
 * The deployment's provider, configured at run time: after consent it reads `analyticsScriptUrl`
 * from /runtime-config.json and adds that script. Nothing configured (the default): nothing loads.
 * Even the configuration is read only after consent.
 */
export function runtimeAnalyticsProvider({
  configUrl = RUNTIME_CONFIG_URL,
  doc = document,
}: {
  configUrl?: string;
  doc?: Document;
} = {}): AnalyticsProvider {
  return {
    async load() {
      const response = await fetch(configUrl, { credentials: 'same-origin', cache: 'no-store' });
      if (!response.ok) return;
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      const src = analyticsScriptUrl(body?.[ANALYTICS_SCRIPT_FIELD], doc.location.href);
      if (!src) return;
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.portalAnalytics = '';
      doc.head.append(script);
    },
  };
}

/** An http(s) URL, resolved against the page; anything else is no script. */
export function analyticsScriptUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string' || !value) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
