/**
 * Deployment settings the browser needs, served by the api at /runtime-config.json (never baked
 * into a build; the api's defaults and environment variables are in api/README.md). A missing or
 * broken file, or a field that fails validation, means "nothing optional configured".
 */
export interface RuntimeConfig {
  /** reCAPTCHA v3 site key; null: bot protection is off and its script is never loaded */
  recaptchaSiteKey: string | null;
  /** Sentry DSN; null: no error reporting leaves the browser */
  sentryDsn: string | null;
  /**
   * The analytics script (an absolute http(s) URL), loaded only with analytics consent; null: no
   * analytics.
   */
  analyticsScriptUrl: string | null;
  /** The help site of the drawer's How To item (a link, see `runtimeLink`); null: no How To item. */
  documentationUrl: string | null;
  /** The privacy policy the sign-up consent links to (a link); null: its text without a link. */
  privacyPolicyUrl: string | null;
  /** The SMS terms the sign-up consent links to (a link); null: its text without a link. */
  smsTermsUrl: string | null;
  /**
   * The company's own (marketing) sites, as lower-case host names: a landing referred by one of
   * them, or a subdomain of one, sets the cfmd cookie (with marketing consent). Empty: never.
   */
  companyDomains: readonly string[];
  /**
   * Stripe's publishable key (`pk_live_…`, `pk_test_…`): the card form is Stripe's Payment Element,
   * loaded from Stripe's host; null: the api's embedded sandbox and its own card form.
   */
  stripePublishableKey: string | null;
  /** PayPal's client id: PayPal's own buttons; null: the sandbox's approval page. */
  paypalClientId: string | null;
}

export const RUNTIME_CONFIG_URL = '/runtime-config.json';

/** Nothing optional configured: no scripts, no links, no domains. */
export const EMPTY_RUNTIME_CONFIG: RuntimeConfig = Object.freeze({
  recaptchaSiteKey: null,
  sentryDsn: null,
  analyticsScriptUrl: null,
  documentationUrl: null,
  privacyPolicyUrl: null,
  smsTermsUrl: null,
  companyDomains: Object.freeze([]) as readonly string[],
  stripePublishableKey: null,
  paypalClientId: null,
});

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

// Whitespace and control characters have no place in a configured address (and browsers strip
// some of them, which could turn a harmless-looking value into another one).
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is what it looks for
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f]/;

/** An absolute http(s) URL, as given; anything else (other schemes, relative, unparsable): null. */
export function webUrl(value: unknown): string | null {
  if (typeof value !== 'string' || !value || UNSAFE_CHARACTERS.test(value)) return null;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

/**
 * A link the portal may render: an absolute http(s) URL, or a path on the portal's own origin that
 * starts with a single '/' ('//host' and '/\host' name another host); anything else: null.
 */
export function runtimeLink(value: unknown): string | null {
  if (typeof value !== 'string' || !value || UNSAFE_CHARACTERS.test(value)) return null;
  if (value.startsWith('/')) return value[1] === '/' || value[1] === '\\' ? null : value;
  return webUrl(value);
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A DNS host name, lower-cased (a trailing dot dropped); anything else: null. */
export function hostName(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.toLowerCase().replace(/\.$/, '');
  return HOST_NAME.test(name) ? name : null;
}

function hostNames(value: unknown): readonly string[] {
  if (!Array.isArray(value)) return [];
  const names = value.map(hostName).filter((name): name is string => name !== null);
  return [...new Set(names)];
}

/** A Stripe publishable key (never a secret key: that would be a leak, not a setting). */
function stripeKey(value: unknown): string | null {
  return typeof value === 'string' && /^pk_(live|test)_\w+$/.test(value) ? value : null;
}

/** The configuration in a body of /runtime-config.json: each field validated on its own. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return EMPTY_RUNTIME_CONFIG;
  const fields = body as Record<string, unknown>;
  return {
    recaptchaSiteKey: text(fields.recaptchaSiteKey),
    sentryDsn: text(fields.sentryDsn),
    analyticsScriptUrl: webUrl(fields.analyticsScriptUrl),
    documentationUrl: runtimeLink(fields.documentationUrl),
    privacyPolicyUrl: runtimeLink(fields.privacyPolicyUrl),
    smsTermsUrl: runtimeLink(fields.smsTermsUrl),
    companyDomains: hostNames(fields.companyDomains),
    stripePublishableKey: stripeKey(fields.stripePublishableKey),
    paypalClientId: text(fields.paypalClientId),
  };
}

export async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  try {
    const response = await fetch(RUNTIME_CONFIG_URL, { credentials: 'same-origin' });
    if (!response.ok) return EMPTY_RUNTIME_CONFIG;
    return parseRuntimeConfig(await response.json());
  } catch {
    return EMPTY_RUNTIME_CONFIG;
  }
}
