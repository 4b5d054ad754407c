import { describe, expect, it } from 'vitest';
import {
  callbackPath,
  DEFAULT_SCOPES,
  OidcConfigError,
  parseOidcProviders,
  readOidcProviders,
  socialProviderConfig,
} from './oidcProviders.js';

const acme = {
  id: 'acme',
  name: 'Acme SSO',
  issuer: 'https://login.acme.test',
  clientId: 'portal',
  clientSecret: 's3cret-value',
};

function problemsOf(value: unknown): readonly string[] {
  try {
    parseOidcProviders(value);
  } catch (error) {
    if (error instanceof OidcConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected an OidcConfigError');
}

describe('readOidcProviders', () => {
  it('has no providers when the variable is unset or empty', () => {
    expect(readOidcProviders({})).toEqual([]);
    expect(readOidcProviders({ PORTAL_OIDC_PROVIDERS: '  ' })).toEqual([]);
  });

  it('reads providers, with default scopes', () => {
    const providers = readOidcProviders({
      PORTAL_OIDC_PROVIDERS: JSON.stringify([
        acme,
        { ...acme, id: 'local', name: 'Local', issuer: 'http://127.0.0.1:9000/realms/x', scopes: ['openid'] },
      ]),
    });
    expect(providers).toEqual([
      { ...acme, scopes: DEFAULT_SCOPES },
      { ...acme, id: 'local', name: 'Local', issuer: 'http://127.0.0.1:9000/realms/x', scopes: ['openid'] },
    ]);
  });

  it('rejects text that is not JSON', () => {
    expect(() => readOidcProviders({ PORTAL_OIDC_PROVIDERS: '[{' })).toThrow(
      /Invalid PORTAL_OIDC_PROVIDERS:\n {2}- not valid JSON/,
    );
  });

  it('never quotes the text around a JSON error (it may be the secret)', () => {
    let message = '';
    try {
      readOidcProviders({ PORTAL_OIDC_PROVIDERS: '[{"clientSecret":hunter2}]' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe('Invalid PORTAL_OIDC_PROVIDERS:\n  - not valid JSON');
  });

  it('rejects anything but an array', () => {
    expect(problemsOf({ acme })).toEqual(['expected a JSON array of providers']);
  });
});

describe('parseOidcProviders', () => {
  it('reports every problem at once', () => {
    const problems = problemsOf([
      { ...acme, id: 'Acme!', clientSecrets: 'x', clientSecret: '' },
      { ...acme, name: ' ', issuer: 'http://login.acme.test', clientId: 3 },
      { ...acme, issuer: 'not a url', scopes: ['email', 'bad scope'] },
      'acme',
    ]);
    expect(problems).toEqual([
      '[0]: unknown key "clientSecrets"',
      '[0].id: "Acme!" must be 1-63 lower-case letters, digits, "-" or "_", starting with a letter or digit',
      '[0].clientSecret: must be a non-empty string',
      '[1].name: must be a non-empty string',
      '[1].issuer: "http://login.acme.test" must use https (http only on localhost or 127.0.0.1)',
      '[1].clientId: must be a non-empty string',
      '[2].id: "acme" is used by another provider',
      '[2].issuer: "not a url" is not an absolute URL',
      '[2].scopes: "bad scope" is not a valid scope',
      '[2].scopes: must include "openid"',
      '[3]: expected an object with id, name, issuer, clientId, clientSecret',
    ]);
  });

  it('rejects a discovery URL, a query or credentials in the issuer', () => {
    expect(
      problemsOf([
        { ...acme, issuer: 'https://login.acme.test/realm/.well-known/openid-configuration' },
        { ...acme, id: 'b', issuer: 'https://login.acme.test/?tenant=1' },
        { ...acme, id: 'c', issuer: 'https://user:pw@login.acme.test' },
      ]),
    ).toEqual([
      '[0].issuer: give the issuer itself, not its discovery URL ("https://login.acme.test/realm")',
      '[1].issuer: "https://login.acme.test/?tenant=1" must not have a query or fragment',
      '[2].issuer: must not carry credentials',
    ]);
  });

  it('allows http only on loopback hosts', () => {
    for (const issuer of ['http://localhost:8000', 'http://127.0.0.1', 'http://[::1]:3000/x']) {
      expect(parseOidcProviders([{ ...acme, issuer }])[0]?.issuer).toBe(issuer);
    }
    expect(problemsOf([{ ...acme, issuer: 'http://10.0.0.1' }])).toHaveLength(1);
    expect(problemsOf([{ ...acme, issuer: 'ftp://login.acme.test' }])).toHaveLength(1);
  });

  it('never puts the client secret in a message', () => {
    const error = (() => {
      try {
        readOidcProviders({ PORTAL_OIDC_PROVIDERS: JSON.stringify([{ ...acme, issuer: 'x', bogus: 1 }]) });
      } catch (caught) {
        return caught as Error;
      }
      throw new Error('expected an error');
    })();
    expect(error.message).not.toContain(acme.clientSecret);
  });
});

describe('socialProviderConfig', () => {
  it('lists providers as allauth /config does, sorted by name', () => {
    const providers = parseOidcProviders([
      acme,
      { ...acme, id: 'beta', name: 'Beta ID', issuer: 'https://id.beta.test/tenant/', clientId: 'b' },
      { ...acme, id: 'aardvark', name: 'Aardvark', clientId: 'a' },
    ]);
    expect(socialProviderConfig(providers)).toEqual([
      {
        id: 'aardvark',
        name: 'Aardvark',
        client_id: 'a',
        flows: ['provider_redirect'],
        openid_configuration_url: 'https://login.acme.test/.well-known/openid-configuration',
      },
      {
        id: 'acme',
        name: 'Acme SSO',
        client_id: 'portal',
        flows: ['provider_redirect'],
        openid_configuration_url: 'https://login.acme.test/.well-known/openid-configuration',
      },
      {
        id: 'beta',
        name: 'Beta ID',
        client_id: 'b',
        flows: ['provider_redirect'],
        openid_configuration_url: 'https://id.beta.test/tenant/.well-known/openid-configuration',
      },
    ]);
    expect(JSON.stringify(socialProviderConfig(providers))).not.toContain(acme.clientSecret);
  });

  it('names the callback path to register at the provider', () => {
    expect(callbackPath('acme')).toBe('/accounts/oidc/acme/login/callback/');
  });
});
