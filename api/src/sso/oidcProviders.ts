/**
 * OpenID Connect providers for "sign in with …", read from `PORTAL_OIDC_PROVIDERS`.
 *
 * The variable holds a JSON array; each entry is one provider the portal is registered with as a
 * confidential client:
 *
 *   [{"id":"acme","name":"Acme SSO","issuer":"https://login.acme.test","clientId":"portal",
 *     "clientSecret":"…","scopes":["openid","email","profile"]}]
 */

export const OIDC_PROVIDERS_ENV = 'PORTAL_OIDC_PROVIDERS';

/** Scopes asked for when an entry names none: the subject, the e-mail and a display name. */
export const DEFAULT_SCOPES: readonly string[] = ['openid', 'email', 'profile'];

export interface OidcProvider {
  /** Stable key: in the callback path `/accounts/oidc/{id}/login/callback/` and in stored accounts. */
  id: string;
  /** Shown on the login button. */
  name: string;
  /** Issuer identifier, exactly as the provider's discovery document states it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: readonly string[];
}

/**
 * One entry of allauth's `/config` `data.socialaccount.providers` (schema `Provider` of the headless
 * OpenAPI contract). Only the browser redirect flow is offered: the portal has no app client that
 * would post provider tokens.
 */
export interface SocialProviderConfig {
  id: string;
  name: string;
  client_id: string;
  flows: ['provider_redirect'];
  openid_configuration_url: string;
}

export class OidcConfigError extends Error {
  override name = 'OidcConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid ${OIDC_PROVIDERS_ENV}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

const KNOWN_KEYS = new Set(['id', 'name', 'issuer', 'clientId', 'clientSecret', 'scopes']);
/** URL-path and cookie safe, and short: the id ends up in URLs, the session and the database. */
const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;
/** RFC 6749 section 3.3 scope-token characters. */
const SCOPE_PATTERN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Plain http is only acceptable when the traffic cannot leave the machine (local and test providers). */
export function isLoopbackUrl(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function checkIssuer(issuer: string, where: string, problems: string[]): void {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    problems.push(`${where}.issuer: "${issuer}" is not an absolute URL`);
    return;
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackUrl(url))) {
    problems.push(`${where}.issuer: "${issuer}" must use https (http only on localhost or 127.0.0.1)`);
  }
  if (url.search || url.hash || issuer.includes('#')) {
    problems.push(`${where}.issuer: "${issuer}" must not have a query or fragment`);
  }
  if (url.username || url.password) {
    problems.push(`${where}.issuer: must not carry credentials`);
  }
  if (url.pathname.includes('/.well-known/')) {
    problems.push(
      `${where}.issuer: give the issuer itself, not its discovery URL ("${url.origin}${url.pathname.split('/.well-known/')[0]}")`,
    );
  }
}

function checkScopes(value: unknown, where: string, problems: string[]): readonly string[] {
  if (value === undefined) return DEFAULT_SCOPES;
  if (!Array.isArray(value) || value.length === 0) {
    problems.push(`${where}.scopes: must be a non-empty array of strings`);
    return DEFAULT_SCOPES;
  }
  const scopes: string[] = [];
  for (const scope of value) {
    if (typeof scope !== 'string' || !SCOPE_PATTERN.test(scope)) {
      problems.push(`${where}.scopes: ${JSON.stringify(scope)} is not a valid scope`);
    } else if (!scopes.includes(scope)) {
      scopes.push(scope);
    }
  }
  if (!scopes.includes('openid')) problems.push(`${where}.scopes: must include "openid"`);
  return scopes;
}

/**
 * Validates a parsed provider list. Every problem is collected and thrown at once as an
 * {@link OidcConfigError}; the client secret never appears in a message.
 */
export function parseOidcProviders(value: unknown): OidcProvider[] {
  if (!Array.isArray(value)) {
    throw new OidcConfigError(['expected a JSON array of providers']);
  }
  const problems: string[] = [];
  const providers: OidcProvider[] = [];
  const seen = new Set<string>();
  value.forEach((entry: unknown, index) => {
    const where = `[${index}]`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(`${where}: expected an object with id, name, issuer, clientId, clientSecret`);
      return;
    }
    const item = entry as Record<string, unknown>;
    const before = problems.length;
    for (const key of Object.keys(item)) {
      if (!KNOWN_KEYS.has(key)) problems.push(`${where}: unknown key "${key}"`);
    }
    const { id, name, issuer, clientId, clientSecret } = item;
    if (typeof id !== 'string' || !ID_PATTERN.test(id)) {
      problems.push(
        `${where}.id: ${JSON.stringify(id)} must be 1-63 lower-case letters, digits, "-" or "_", starting with a letter or digit`,
      );
    } else if (seen.has(id)) {
      problems.push(`${where}.id: "${id}" is used by another provider`);
    } else {
      seen.add(id);
    }
    if (!nonEmptyString(name)) problems.push(`${where}.name: must be a non-empty string`);
    if (!nonEmptyString(issuer)) problems.push(`${where}.issuer: must be a non-empty string`);
    else checkIssuer(issuer, where, problems);
    if (!nonEmptyString(clientId)) problems.push(`${where}.clientId: must be a non-empty string`);
    if (!nonEmptyString(clientSecret)) problems.push(`${where}.clientSecret: must be a non-empty string`);
    const scopes = checkScopes(item.scopes, where, problems);
    if (problems.length === before) {
      providers.push({
        id: id as string,
        name: (name as string).trim(),
        issuer: issuer as string,
        clientId: clientId as string,
        clientSecret: clientSecret as string,
        scopes,
      });
    }
  });
  if (problems.length > 0) throw new OidcConfigError(problems);
  return providers;
}

/** Reads `PORTAL_OIDC_PROVIDERS`; unset or empty means no providers. */
export function readOidcProviders(
  env: Readonly<Record<string, string | undefined>> = process.env,
): OidcProvider[] {
  const raw = env[OIDC_PROVIDERS_ENV]?.trim();
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    // V8's message quotes the text around the fault, which may be the client secret: keep only the position.
    const position = /position (\d+)/.exec((error as Error).message)?.[1];
    throw new OidcConfigError([
      `not valid JSON${position === undefined ? '' : ` (at position ${position})`}`,
    ]);
  }
  return parseOidcProviders(value);
}

/** The providers as allauth's `/config` lists them, sorted by name as allauth does. */
export function socialProviderConfig(providers: readonly OidcProvider[]): SocialProviderConfig[] {
  return [...providers]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((provider) => ({
      id: provider.id,
      name: provider.name,
      client_id: provider.clientId,
      flows: ['provider_redirect'],
      openid_configuration_url: discoveryUrl(provider.issuer),
    }));
}

/** OpenID Connect Discovery 1.0 section 4: the well-known path is appended to the issuer's path. */
export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

/** Server-side callback path for a provider, to register at the provider as redirect URI. */
export function callbackPath(providerId: string): string {
  return `/accounts/oidc/${providerId}/login/callback/`;
}
