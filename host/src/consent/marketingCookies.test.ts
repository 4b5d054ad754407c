import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearCookies } from '../test/renderPortal';
import { createConsentStore } from './consentStore';
import { isCompanyReferrer, startMarketingCookies } from './marketingCookies';

const cookies = () => document.cookie;
const fakeReferrer = (referrer: string) => vi.spyOn(document, 'referrer', 'get').mockReturnValue(referrer);
/** as the runtime configuration names them (`companyDomains`) */
const COMPANY_DOMAINS = ['company.test', 'company-cloud.test'] as const;
const [FIRST, SECOND] = COMPANY_DOMAINS;
const isCompany = (referrer: string, portalHost = 'portal.test') =>
  isCompanyReferrer(referrer, portalHost, COMPANY_DOMAINS);

/** As bootstrap does: started at once, the domains given when the runtime configuration is loaded. */
function start(consent: ReturnType<typeof createConsentStore>) {
  const marketing = startMarketingCookies(consent);
  marketing.setCompanyDomains(COMPANY_DOMAINS);
  return marketing;
}

beforeEach(() => clearCookies());
afterEach(() => {
  localStorage.clear();
  clearCookies();
  vi.restoreAllMocks();
});

describe('isCompanyReferrer', () => {
  it.each([
    `https://${FIRST}/`,
    `https://www.${FIRST}/pricing?utm_source=x`,
    `http://blog.${SECOND}/post`,
    `https://WWW.${SECOND.toUpperCase()}./`,
  ])('counts %s', (referrer) => {
    expect(isCompany(referrer)).toBe(true);
  });

  it.each([
    ['no referrer', ''],
    ['another site', 'https://search.test/?q=hosting'],
    ['a look-alike domain', `https://evil${FIRST}/`],
    ['the domain inside another', `https://${FIRST}.evil.test/`],
    ['the domain in the path', `https://evil.test/${FIRST}`],
    ['not a web URL', `ftp://${FIRST}/`],
    ['not a URL', FIRST],
  ])('does not count %s', (_case, referrer) => {
    expect(isCompany(referrer)).toBe(false);
  });

  it('counts nothing without company domains', () => {
    expect(isCompanyReferrer(`https://${FIRST}/`, 'portal.test', [])).toBe(false);
  });

  it('does not count the portal itself, even under a company domain', () => {
    expect(isCompany(`https://my.${FIRST}/billing`, `my.${FIRST}`)).toBe(false);
  });
});

describe('startMarketingCookies', () => {
  it('sets cfmd=true from a company referrer once marketing is allowed, with path /, SameSite=Lax, Secure', () => {
    fakeReferrer(`https://www.${FIRST}/`);
    const consent = createConsentStore();
    const write = vi.spyOn(document, 'cookie', 'set');
    start(consent);
    expect(cookies()).not.toContain('cfmd');
    consent.save({ analytics: false, marketing: true });
    expect(cookies()).toContain('cfmd=true');
    expect(write).toHaveBeenCalledWith('cfmd=true; Path=/; SameSite=Lax; Secure');
  });

  it('sets cfmd at once when a stored choice allows marketing', () => {
    fakeReferrer(`https://${SECOND}/`);
    createConsentStore().save({ analytics: false, marketing: true });
    start(createConsentStore());
    expect(cookies()).toContain('cfmd=true');
  });

  it('does not set cfmd without marketing consent, nor from another referrer', () => {
    fakeReferrer(`https://${FIRST}/`);
    const consent = createConsentStore();
    start(consent);
    consent.save({ analytics: true, marketing: false });
    expect(cookies()).not.toContain('cfmd');

    vi.restoreAllMocks();
    fakeReferrer('https://search.test/');
    const allowed = createConsentStore();
    allowed.save({ analytics: false, marketing: true });
    start(allowed);
    expect(cookies()).not.toContain('cfmd');
  });

  it('leaves a cfmd that is already there alone', () => {
    fakeReferrer(`https://${FIRST}/`);
    // biome-ignore lint/suspicious/noDocumentCookie: the earlier visit's cookie
    document.cookie = 'cfmd=earlier; Path=/';
    const consent = createConsentStore();
    const write = vi.spyOn(document, 'cookie', 'set');
    start(consent);
    consent.save({ analytics: false, marketing: true });
    expect(write).not.toHaveBeenCalled();
    expect(cookies()).toContain('cfmd=earlier');
  });

  it('sets sctz=true for a day after a completed sign-up, once marketing is allowed', () => {
    const consent = createConsentStore();
    const marketing = start(consent);
    const write = vi.spyOn(document, 'cookie', 'set');
    marketing.signupCompleted();
    expect(cookies()).not.toContain('sctz');
    consent.save({ analytics: false, marketing: true });
    expect(write).toHaveBeenCalledWith('sctz=true; Path=/; SameSite=Lax; Secure; Max-Age=86400');
    expect(cookies()).toContain('sctz=true');
  });

  it('never sets sctz when marketing is refused', () => {
    const consent = createConsentStore();
    consent.save({ analytics: true, marketing: false });
    start(consent).signupCompleted();
    expect(cookies()).not.toContain('sctz');
  });

  it('deletes both when marketing consent is withdrawn', () => {
    fakeReferrer(`https://${FIRST}/`);
    const consent = createConsentStore();
    consent.save({ analytics: false, marketing: true });
    start(consent).signupCompleted();
    expect(cookies()).toContain('cfmd=true');
    expect(cookies()).toContain('sctz=true');
    consent.save({ analytics: false, marketing: false });
    expect(cookies()).toBe('');
  });

  it('reads the referrer at start-up and decides once the company domains are known', () => {
    const referrer = fakeReferrer(`https://www.${FIRST}/`);
    const consent = createConsentStore();
    consent.save({ analytics: false, marketing: true });
    const marketing = startMarketingCookies(consent);
    referrer.mockReturnValue('https://search.test/');
    expect(cookies()).not.toContain('cfmd');
    marketing.setCompanyDomains(COMPANY_DOMAINS);
    expect(cookies()).toContain('cfmd=true');
  });

  it('sets no cfmd when the deployment names no company domains', () => {
    fakeReferrer(`https://${FIRST}/`);
    const consent = createConsentStore();
    startMarketingCookies(consent).setCompanyDomains([]);
    consent.save({ analytics: false, marketing: true });
    expect(cookies()).not.toContain('cfmd');
  });
});
