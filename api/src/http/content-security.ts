import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { type RemotesSource, readRemoteMap } from '../remotes/remote-map.js';

/** What the portal's pages may load besides their own origin, from the deployment's configuration. */
export interface ContentSecurityOptions {
  /** The host's `index.html`: its inline scripts are allowed by their hashes, nothing else inline. */
  hostIndexHtml: string;
  /** The remotes the host loads (re-read per page, as `/remotes.json` is: a repointed remote is allowed). */
  remotes: RemotesSource;
  /** `https:` public URL: HSTS on every answer. */
  publicUrl: string;
  stripe: boolean;
  paypal: boolean;
  recaptcha: boolean;
  analyticsScriptUrl: string | null;
  sentryDsn: string | null;
}

/** Stripe.js, its 3-D Secure frames and api (stripe.com/docs/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
/**
 * PayPal's JavaScript SDK (developer.paypal.com/sdk/js/best-practices): its hosts, without the
 * `'unsafe-inline'` PayPal suggests (a hash-based policy ignores it anyway; its alternative is the
 * SDK's `data-csp-nonce`, README "Security headers").
 */
const PAYPAL_HOSTS = ['https://*.paypal.com', 'https://*.paypalobjects.com', 'https://*.venmo.com'];
const PAYPAL = { script: PAYPAL_HOSTS, frame: PAYPAL_HOSTS, connect: PAYPAL_HOSTS, img: PAYPAL_HOSTS };
/** reCAPTCHA v3 (developers.google.com/recaptcha/docs/faq#im-using-content-security-policy-csp-on-my-website). */
const RECAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
};

/** The hashes (`'sha256-…'`) of a page's inline scripts, the only inline code it may run. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes ?? '') || !body) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

const originOf = (url: string | null): string[] => (url && URL.canParse(url) ? [new URL(url).origin] : []);

/**
 * The Content-Security-Policy of the portal's pages: scripts from the portal, its remotes and the
 * configured payment, bot-protection and analytics hosts, and the host page's own inline scripts by
 * hash (no `unsafe-inline`, no `eval`). Styles may be inline: Fluent UI (Griffel), the Floating UI
 * positioning and xterm.js write style elements and attributes at run time (README, "Security
 * headers"). No plugins, no framing by other sites, no `<base>` rewriting.
 */
export function contentSecurityPolicy(
  options: Omit<ContentSecurityOptions, 'hostIndexHtml' | 'remotes' | 'publicUrl'>,
  remoteOrigins: readonly string[],
  inlineHashes: readonly string[],
): string {
  const { stripe, paypal, recaptcha } = options;
  const script = ["'self'", ...remoteOrigins, ...inlineHashes, ...originOf(options.analyticsScriptUrl)];
  const connect = [
    "'self'",
    ...remoteOrigins,
    ...originOf(options.sentryDsn),
    ...originOf(options.analyticsScriptUrl),
  ];
  const frame: string[] = [];
  const img = ["'self'", 'data:', 'blob:', ...remoteOrigins];
  if (stripe) {
    script.push(...STRIPE.script);
    frame.push(...STRIPE.frame);
    connect.push(...STRIPE.connect);
  }
  if (paypal) {
    script.push(...PAYPAL.script);
    frame.push(...PAYPAL.frame);
    connect.push(...PAYPAL.connect);
    img.push(...PAYPAL.img);
  }
  if (recaptcha) {
    script.push(...RECAPTCHA.script);
    frame.push(...RECAPTCHA.frame);
  }
  const unique = (sources: string[]) => [...new Set(sources)].join(' ');
  return [
    "default-src 'self'",
    `script-src ${unique(script)}`,
    `style-src ${unique(["'self'", "'unsafe-inline'", ...remoteOrigins])}`,
    `img-src ${unique(img)}`,
    `font-src ${unique(["'self'", 'data:', ...remoteOrigins])}`,
    `connect-src ${unique(connect)}`,
    `frame-src ${frame.length > 0 ? unique(frame) : "'none'"}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** HSTS for a year, subdomains included, on an https deployment (browsers ignore it over http). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Every HTML answer (the host page, the api's own pages) gets the policy, every answer of an https
 * deployment HSTS. The host page's hashes are read again when its file changes (a host redeploy).
 */
export function registerContentSecurity(app: FastifyInstance, options: ContentSecurityOptions): void {
  const secure = options.publicUrl.startsWith('https:');
  let cached: { mtimeMs: number; hashes: string[] } | null = null;
  const hostHashes = (): string[] => {
    try {
      const { mtimeMs } = statSync(options.hostIndexHtml);
      if (cached?.mtimeMs !== mtimeMs)
        cached = { mtimeMs, hashes: inlineScriptHashes(readFileSync(options.hostIndexHtml, 'utf8')) };
      return cached.hashes;
    } catch {
      return []; // no host build: its pages answer 503 in plain text
    }
  };
  // The policy follows the live remote map (a promoted release on a new origin), but a 304 keeps the
  // browser's stored page and its stored policy (browsers never update Content-* headers from a
  // 304): a page navigation is therefore always answered in full.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' || !request.headers.accept?.includes('text/html')) return;
    delete request.headers['if-none-match'];
    delete request.headers['if-modified-since'];
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (secure) reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (!String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    // GraphiQL (never in production) loads its editor from a CDN with inline scripts
    if (request.url === '/api/' || request.url.startsWith('/api/?')) return payload;
    let remoteOrigins: string[] = [];
    try {
      const map = await readRemoteMap(options.remotes);
      remoteOrigins = Object.values(map).flatMap((url) => originOf(url ?? null));
    } catch {
      // a broken remote map: /remotes.json answers 500 and the host shows its fallback
    }
    reply.header('content-security-policy', contentSecurityPolicy(options, remoteOrigins, hostHashes()));
    return payload;
  });
}
