import { timingSafeEqual } from 'node:crypto';
import * as client from 'openid-client';
import { isLoopbackUrl, type OidcProvider } from './oidcProviders.js';

/**
 * What `beginLogin` hands back to be kept in the user's server-side session until the provider
 * redirects back. JSON-serialisable; never sent to the browser.
 */
export interface OidcLoginState {
  state: string;
  nonce: string;
  codeVerifier: string;
  providerId: string;
  /** epoch milliseconds */
  createdAt: number;
}

/** The signed-in identity at the provider. `subject` is unique per provider (issuer), stable, never reused. */
export interface OidcIdentity {
  providerId: string;
  subject: string;
  email: string | null;
  /** true only when the provider states it verified `email`; link to an existing user only then */
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
  /** ID token claims merged with the UserInfo response, for the account's extra data */
  claims: Record<string, unknown>;
}

export type OidcErrorCode =
  /** no stored state, another provider's state, or the `state` parameter differs: possible CSRF */
  | 'state_mismatch'
  /** the login was started more than {@link STATE_MAX_AGE_MS} ago */
  | 'state_expired'
  /** the user cancelled or refused at the provider (`?error=access_denied`) */
  | 'access_denied'
  /** the provider answered the authorization request with another `?error=` */
  | 'provider_error'
  /** discovery document, `iss` response parameter or ID token `iss` from another issuer */
  | 'issuer_mismatch'
  /** the ID token's nonce is not the one this login sent */
  | 'nonce_mismatch'
  /** the code exchange failed (bad code, PKCE verifier, client credentials) or the ID token is invalid */
  | 'token_error'
  /** the provider's discovery document could not be fetched or is invalid */
  | 'discovery_error'
  /** the UserInfo request failed or answered for another subject */
  | 'userinfo_error';

export class OidcLoginError extends Error {
  override name = 'OidcLoginError';
  constructor(
    readonly code: OidcErrorCode,
    message: string,
    options?: {
      cause?: unknown;
      /** the provider's own `error` value (authorization or token endpoint), for the log */
      providerError?: string | undefined;
    },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.providerError = options?.providerError;
  }
  readonly providerError: string | undefined;
}

/**
 * The `?error=` value allauth puts on the frontend `callback_url` for a failed provider login:
 * `cancelled` when the user refused at the provider, `unknown` for everything else (the details
 * belong in the log, not in the URL).
 */
export function allauthErrorCode(error: unknown): 'cancelled' | 'unknown' {
  return error instanceof OidcLoginError && error.code === 'access_denied' ? 'cancelled' : 'unknown';
}

/** How long a started login stays valid; a provider login page left open longer must start over. */
export const STATE_MAX_AGE_MS = 10 * 60 * 1000;
/** Seconds for each request to the provider (discovery, token, userinfo, JWKS). */
const REQUEST_TIMEOUT_S = 10;

const discoveries = new Map<string, Promise<client.Configuration>>();

/** Forgets cached discovery documents (tests; a provider that rotated its metadata). */
export function clearDiscoveryCache(): void {
  discoveries.clear();
}

/** Walks an error's cause chain for the name of the JWT claim or JSON attribute that failed. */
function failedField(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const record = current as { claim?: unknown; attribute?: unknown; cause?: unknown };
    if (typeof record.claim === 'string') return record.claim;
    if (typeof record.attribute === 'string') return record.attribute;
    current = record.cause;
  }
  return undefined;
}

function chooseClientAuth(metadata: client.ServerMetadata, secret: string): client.ClientAuth {
  // RFC 8414: an absent list means client_secret_basic, which every certified provider supports.
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (!methods || methods.includes('client_secret_basic')) return client.ClientSecretBasic(secret);
  if (methods.includes('client_secret_post')) return client.ClientSecretPost(secret);
  throw new OidcLoginError(
    'discovery_error',
    `the provider supports neither client_secret_basic nor client_secret_post (${methods.join(', ')})`,
  );
}

async function discover(provider: OidcProvider): Promise<client.Configuration> {
  const issuer = new URL(provider.issuer);
  const insecure = issuer.protocol === 'http:' && isLoopbackUrl(issuer);
  if (issuer.protocol !== 'https:' && !insecure) {
    throw new OidcLoginError('discovery_error', `issuer ${provider.issuer} must use https`);
  }
  let discovered: client.Configuration;
  try {
    discovered = await client.discovery(issuer, provider.clientId, undefined, undefined, {
      timeout: REQUEST_TIMEOUT_S,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    if (failedField(error) === 'issuer') {
      throw new OidcLoginError(
        'issuer_mismatch',
        `the discovery document of ${provider.issuer} names another issuer`,
        { cause: error },
      );
    }
    throw new OidcLoginError('discovery_error', `discovery of ${provider.issuer} failed`, { cause: error });
  }
  const metadata = discovered.serverMetadata();
  if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
    throw new OidcLoginError(
      'discovery_error',
      `the discovery document of ${provider.issuer} lacks an authorization, token or JWKS endpoint`,
    );
  }
  const config = new client.Configuration(
    metadata,
    provider.clientId,
    { client_secret: provider.clientSecret },
    chooseClientAuth(metadata, provider.clientSecret),
  );
  config.timeout = REQUEST_TIMEOUT_S;
  if (insecure) client.allowInsecureRequests(config);
  return config;
}

/** Discovery once per provider and process; a failure is not cached, the next login retries. */
function configurationFor(provider: OidcProvider): Promise<client.Configuration> {
  const key = JSON.stringify([provider.id, provider.issuer, provider.clientId, provider.clientSecret]);
  let pending = discoveries.get(key);
  if (!pending) {
    pending = discover(provider);
    discoveries.set(key, pending);
    pending.catch(() => {
      if (discoveries.get(key) === pending) discoveries.delete(key);
    });
  }
  return pending;
}

/**
 * Starts a login: returns the provider's authorization URL to redirect the browser to, and the
 * state to keep in the server-side session. Authorization code flow with PKCE (S256), `state` and
 * `nonce`, all fresh per call.
 */
export async function beginLogin(
  provider: OidcProvider,
  redirectUri: string,
): Promise<{ url: URL; state: OidcLoginState }> {
  const config = await configurationFor(provider);
  const state: OidcLoginState = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
    providerId: provider.id,
    createdAt: Date.now(),
  };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: provider.scopes.join(' '),
    state: state.state,
    nonce: state.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(state.codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, state };
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function stringClaim(claims: Record<string, unknown>, name: string): string | null {
  const value = claims[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * Completes a login on the provider's redirect back to `redirectUri`.
 *
 * - `currentUrl`: the URL of the callback request as received, absolute or path plus query (only
 *   its query is read; the token request uses `redirectUri`, so a proxy in front does not matter);
 * - `storedState`: what `beginLogin` returned for this login, taken out of the session (remove it
 *   there before calling: each state is good for one attempt).
 *
 * Checks, in order: the state belongs to this provider and is fresh, the `state` parameter matches,
 * the `iss` parameter (RFC 9207) names the issuer, no `?error=`; then exchanges the code with the
 * PKCE verifier and validates the ID token (signature, issuer, audience, expiry, nonce). Throws an
 * {@link OidcLoginError}.
 */
export async function completeLogin(
  provider: OidcProvider,
  redirectUri: string,
  currentUrl: URL | string,
  storedState: OidcLoginState | undefined,
  now: number = Date.now(),
): Promise<OidcIdentity> {
  const params = new URL(currentUrl, redirectUri).searchParams;
  if (!storedState || storedState.providerId !== provider.id) {
    throw new OidcLoginError('state_mismatch', 'no login with this provider was started in this session');
  }
  const returnedState = params.get('state');
  if (returnedState === null || !sameSecret(returnedState, storedState.state)) {
    throw new OidcLoginError('state_mismatch', 'the state parameter does not match the started login');
  }
  if (!(now - storedState.createdAt <= STATE_MAX_AGE_MS && now >= storedState.createdAt - 60_000)) {
    throw new OidcLoginError('state_expired', 'the login was started too long ago');
  }

  const config = await configurationFor(provider);
  const metadata = config.serverMetadata();
  const iss = params.get('iss');
  if (iss !== null ? iss !== metadata.issuer : metadata.authorization_response_iss_parameter_supported) {
    throw new OidcLoginError('issuer_mismatch', `the authorization response is not from ${metadata.issuer}`);
  }
  const error = params.get('error');
  if (error !== null) {
    throw new OidcLoginError(
      error === 'access_denied' ? 'access_denied' : 'provider_error',
      `the provider answered ${error.slice(0, 100)}${params.has('error_description') ? `: ${params.get('error_description')?.slice(0, 300)}` : ''}`,
      { providerError: error.slice(0, 100) },
    );
  }

  // openid-client takes the redirect_uri of the token request from the URL it is given.
  const callback = new URL(redirectUri);
  callback.search = params.toString();
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, callback, {
      expectedState: storedState.state,
      expectedNonce: storedState.nonce,
      pkceCodeVerifier: storedState.codeVerifier,
      idTokenExpected: true,
    });
  } catch (cause) {
    const field = failedField(cause);
    if (field === 'nonce') {
      throw new OidcLoginError('nonce_mismatch', 'the ID token nonce does not match the started login', {
        cause,
      });
    }
    if (field === 'iss') {
      throw new OidcLoginError('issuer_mismatch', `the ID token is not from ${metadata.issuer}`, { cause });
    }
    const providerError =
      cause instanceof client.ResponseBodyError
        ? cause.error
        : cause instanceof client.WWWAuthenticateChallengeError
          ? cause.cause[0]?.parameters.error
          : undefined;
    throw new OidcLoginError(
      'token_error',
      `the code exchange failed: ${providerError ?? (cause as Error).message}`,
      { cause, providerError },
    );
  }

  const idToken = tokens.claims();
  if (!idToken) throw new OidcLoginError('token_error', 'the provider returned no ID token');
  const claims: Record<string, unknown> = { ...idToken };
  // Many providers put only `sub` in the ID token of a code flow (OIDC Core 5.4); the rest is at UserInfo.
  if (metadata.userinfo_endpoint) {
    try {
      const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
      for (const [key, value] of Object.entries(userinfo)) {
        if (!(key in claims)) claims[key] = value;
      }
    } catch (cause) {
      throw new OidcLoginError('userinfo_error', `the UserInfo request failed: ${(cause as Error).message}`, {
        cause,
      });
    }
  }

  const givenName = stringClaim(claims, 'given_name');
  const familyName = stringClaim(claims, 'family_name');
  const joined = [givenName, familyName].filter(Boolean).join(' ');
  return {
    providerId: provider.id,
    subject: idToken.sub,
    email: stringClaim(claims, 'email'),
    // Some providers send the string "true"; anything else is unverified.
    emailVerified: claims.email_verified === true || claims.email_verified === 'true',
    name: stringClaim(claims, 'name') ?? (joined === '' ? null : joined),
    givenName,
    familyName,
    claims,
  };
}
