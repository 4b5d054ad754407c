import { hasProtocol, invalid, reader, url } from './readers.js';
import { configPart, variable } from './schema.js';

/**
 * What the browser links to and loads, per deployment (`/runtime-config.json`). The defaults are the
 * demo's placeholders; a real deployment sets each variable (or `none` to switch a link off).
 */
export interface BrowserConfig {
  analyticsScriptUrl: string | null;
  documentationUrl: string | null;
  privacyPolicyUrl: string | null;
  smsTermsUrl: string | null;
  companyDomains: readonly string[];
}

/** The demo's placeholders (RFC 2606 names, the portal's own paths), until a deployment sets its own. */
export const DEFAULT_BROWSER_CONFIG: BrowserConfig = {
  analyticsScriptUrl: null,
  documentationUrl: 'https://docs.example.com',
  privacyPolicyUrl: '/legal/privacy-policy',
  smsTermsUrl: '/legal/sms-terms',
  companyDomains: ['example.com', 'example.net'],
};

/** The value that switches a browser setting with a default off. */
const OFF = 'none';

// Whitespace and control characters have no place in an address the browser is given (the browser
// drops the value, see shared/src/runtime/runtimeConfig.ts): refuse them at start instead.
// biome-ignore lint/suspicious/noControlCharactersInRegex: that is what it looks for
const UNSAFE_CHARACTERS = /[\s\u0000-\u001f\u007f]/;

/** A link for the browser: an absolute http(s) URL, or a path on the portal's origin ('/…', not '//…'). */
function link(fallback: string | null) {
  return reader(`http(s) URL, /path or ${OFF}`, fallback, (value) => {
    if (value === OFF) return null;
    const path = value.startsWith('/') && value[1] !== '/' && value[1] !== '\\';
    let web = false;
    try {
      const { protocol } = new URL(value);
      web = protocol === 'http:' || protocol === 'https:';
    } catch {
      web = false;
    }
    if (UNSAFE_CHARACTERS.test(value) || (!path && !web)) {
      return invalid(
        `${JSON.stringify(value)} is not an http:// or https:// URL, nor a path starting with a single /, nor ${OFF}`,
      );
    }
    return value;
  });
}

const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const domains = reader(
  `host names, comma-separated, or ${OFF}`,
  DEFAULT_BROWSER_CONFIG.companyDomains,
  (value) => {
    if (value === OFF) return [];
    const found: string[] = [];
    const problems: string[] = [];
    for (const item of value.split(',')) {
      const domain = item.trim().toLowerCase().replace(/\.$/, '');
      if (!domain) continue;
      if (!HOST_NAME.test(domain)) problems.push(`"${item.trim()}" is not a host name (example.com)`);
      else if (!found.includes(domain)) found.push(domain);
    }
    return problems.length > 0 ? invalid(...problems) : found;
  },
);

const SENTRY_DSN = variable({
  name: 'SENTRY_DSN',
  description:
    'published in `/runtime-config.json`: the browser reports errors there; unset, it reports nothing',
  schema: url(['http:', 'https:'], null),
  example: { value: 'https://key@sentry.example.com/1', commented: true },
});

const ANALYTICS_SCRIPT_URL = variable({
  name: 'ANALYTICS_SCRIPT_URL',
  description:
    'published in `/runtime-config.json`: the host adds this script only after the visitor allows analytics; unset, no analytics',
  schema: reader('http:// or https:// URL', null as string | null, (value) => {
    const problems = hasProtocol(value, ['http:', 'https:']) ? [] : ['expected a http:// or https:// URL'];
    if (UNSAFE_CHARACTERS.test(value)) problems.push('contains whitespace or control characters');
    return problems.length > 0 ? invalid(...problems) : value;
  }),
  example: { value: 'https://analytics.example.com/script.js', commented: true },
});

const DOCS_URL = variable({
  name: 'PORTAL_DOCS_URL',
  description: "the help site of the drawer's How To item; `none`: no How To item",
  schema: link(DEFAULT_BROWSER_CONFIG.documentationUrl),
  example: { value: 'https://docs.example.com' },
});

const PRIVACY_POLICY_URL = variable({
  name: 'PORTAL_PRIVACY_POLICY_URL',
  description: 'the privacy policy the sign-up consent links to; `none`: the text without a link',
  schema: link(DEFAULT_BROWSER_CONFIG.privacyPolicyUrl),
  example: { value: 'https://www.example.com/privacy' },
});

const SMS_TERMS_URL = variable({
  name: 'PORTAL_SMS_TERMS_URL',
  description: 'the SMS terms the sign-up consent links to; `none`: the text without a link',
  schema: link(DEFAULT_BROWSER_CONFIG.smsTermsUrl),
  example: { value: 'https://www.example.com/sms-terms' },
});

const COMPANY_DOMAINS = variable({
  name: 'PORTAL_COMPANY_DOMAINS',
  description:
    "the company's own (marketing) sites (lower-cased; subdomains count too): a visitor referred by one gets the `cfmd` cookie once they allow marketing; `none`: never",
  schema: domains,
  example: { value: 'example.com' },
});

/** Deployment settings only the browser uses, published in `/runtime-config.json`. */
export const browserPart = configPart({
  key: 'browser',
  title: "the portal's public face (published to the browser)",
  variables: [SENTRY_DSN, ANALYTICS_SCRIPT_URL, DOCS_URL, PRIVACY_POLICY_URL, SMS_TERMS_URL, COMPANY_DOMAINS],
  build: (get) => {
    const browser: BrowserConfig = {
      analyticsScriptUrl: get(ANALYTICS_SCRIPT_URL),
      documentationUrl: get(DOCS_URL),
      privacyPolicyUrl: get(PRIVACY_POLICY_URL),
      smsTermsUrl: get(SMS_TERMS_URL),
      companyDomains: get(COMPANY_DOMAINS),
    };
    return { sentryDsn: get(SENTRY_DSN), browser };
  },
});
