import { reportError } from '../errors/reportError';
import type { ConsentStore } from './consentStore';

/** A session-analytics provider. `load` runs at most once per page, and only with analytics consent. */
export interface AnalyticsProvider {
  load(): Promise<void>;
}

/**
 * Loads analytics when, and only when, the visitor allows it: at start-up if a stored choice
 * allows it, else the moment they do. A script cannot be unloaded, so withdrawing consent after
 * it loaded reloads the page (which then starts without it). No provider: nothing to do, ever.
 * Returns the unsubscribe.
 */
export function startAnalytics(
  consent: ConsentStore,
  provider: AnalyticsProvider | null,
  reload: () => void = () => window.location.reload(),
): () => void {
  if (!provider) return () => {};
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

/**
 * The deployment's provider: the script named by `analyticsScriptUrl` of the runtime configuration
 * (read once at start-up, validated as an absolute http(s) URL by `loadRuntimeConfig`), added to the
 * page when `load` runs, that is only after consent. No URL configured (the default): no provider,
 * nothing ever loads.
 */
export function scriptAnalyticsProvider(
  src: string | null,
  doc: Document = document,
): AnalyticsProvider | null {
  if (!src) return null;
  return {
    async load() {
      const script = doc.createElement('script');
      script.src = src;
      script.async = true;
      script.dataset.portalAnalytics = '';
      doc.head.append(script);
    },
  };
}
