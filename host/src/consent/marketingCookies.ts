import type { ConsentStore } from './consentStore';

/** Came from marketing: the visitor arrived from one of the company's own sites (spec section 9). */
export const CFMD_COOKIE = 'cfmd';
/** Sign-up complete tracking: a sign-up finished in this browser (spec section 9). */
export const SCTZ_COOKIE = 'sctz';
/** sctz lives a day: long enough for the conversion to be counted, no longer. */
export const SCTZ_MAX_AGE_S = 24 * 60 * 60;

/**
 * Whether a referrer URL is one of the company domains (not the portal itself). The domains are the
 * provider's marketing sites, `companyDomains` of the runtime configuration (lower-case host names;
 * the api's `PORTAL_COMPANY_DOMAINS`): a domain counts with all its subdomains (www., blog., …).
 */
export function isCompanyReferrer(referrer: string, portalHost: string, domains: readonly string[]): boolean {
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    host = url.hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return false;
  }
  if (host === portalHost.toLowerCase()) return false;
  return domains.some((domain) => host === domain || host.endsWith(`.${domain}`));
}

export function hasCookie(doc: Document, name: string): boolean {
  return doc.cookie.split(';').some((pair) => pair.trim().split('=')[0] === name);
}

function writeCookie(doc: Document, name: string, maxAgeS?: number): void {
  const lifetime = maxAgeS === undefined ? '' : `; Max-Age=${maxAgeS}`;
  doc.cookie = `${name}=true; Path=/; SameSite=Lax; Secure${lifetime}`;
}

export interface MarketingCookies {
  /**
   * The company domains (`runtimeConfig.companyDomains`), known once the runtime configuration is
   * loaded: decides cfmd from the referrer read at start-up.
   */
  setCompanyDomains(domains: readonly string[]): void;
  /** a sign-up just completed: sctz, now or once marketing is allowed */
  signupCompleted(): void;
  stop(): void;
}

/**
 * cfmd and sctz are marketing attribution, so they are written only with marketing consent. What
 * happened before the visitor decided (the landing's referrer, a sign-up) is remembered in memory
 * for this page only, and written the moment marketing is allowed; nothing is stored meanwhile.
 * Withdrawing marketing consent deletes both.
 *
 * The landing's referrer is read at start-up (this call); whether it is a company site is decided
 * once the company domains arrive with the runtime configuration (`setCompanyDomains`).
 */
export function startMarketingCookies(consent: ConsentStore, doc: Document = document): MarketingCookies {
  // cfmd: spec section 9, "when the referrer comes from one of two company domains and the cookie is absent"
  const landing = {
    referrer: doc.referrer,
    portalHost: doc.location.hostname,
    cfmdAbsent: !hasCookie(doc, CFMD_COOKIE),
  };
  let domainsKnown = false;
  let cfmdPending = false;
  let sctzPending = false;
  const apply = () => {
    const state = consent.getState();
    if (state?.marketing) {
      if (cfmdPending && !hasCookie(doc, CFMD_COOKIE)) writeCookie(doc, CFMD_COOKIE);
      if (sctzPending) writeCookie(doc, SCTZ_COOKIE, SCTZ_MAX_AGE_S);
      cfmdPending = false;
      sctzPending = false;
    } else if (state) {
      for (const name of [CFMD_COOKIE, SCTZ_COOKIE]) if (hasCookie(doc, name)) writeCookie(doc, name, 0);
    }
  };
  apply();
  const stop = consent.subscribe(apply);
  return {
    setCompanyDomains(domains) {
      if (domainsKnown) return;
      domainsKnown = true;
      cfmdPending = landing.cfmdAbsent && isCompanyReferrer(landing.referrer, landing.portalHost, domains);
      apply();
    },
    signupCompleted() {
      sctzPending = true;
      apply();
    },
    stop,
  };
}
