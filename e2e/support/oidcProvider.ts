/**
 * A local OpenID Connect provider for the SSO suites: panva's oidc-provider on 127.0.0.1, whose
 * login page is a real HTML form (an "E-mail" field, a "Sign in" button and a "Cancel" button that
 * answers `access_denied`). Any listed account signs in without a password; consent is granted
 * automatically; every authorization shows the login page again.
 *
 * The implementation lives beside the api's SSO client, whose tests use the same provider:
 * `api/src/sso/testProvider.ts`. Use a fixed port, so the issuer is known before the portal starts:
 *
 *   const op = await startOidcProvider({
 *     port: 9299, clientId: 'portal', clientSecret: 'e2e-secret',
 *     redirectUris: [`${portalUrl}/accounts/oidc/e2e/login/callback/`],
 *     accounts: [{ email: 'sso@example.com', name: 'Sso User' }],
 *   });
 *   // portal env: PORTAL_OIDC_PROVIDERS=[{"id":"e2e","name":"E2E SSO","issuer":op.issuer,
 *   //   "clientId":"portal","clientSecret":"e2e-secret"}]
 *   // in the browser: page.getByLabel('E-mail').fill(…); page.getByRole('button', { name: 'Sign in' }).click()
 *   await op.stop();
 */
export {
  startOidcProvider,
  type TestOidcAccount,
  type TestOidcProvider,
  type TestOidcProviderOptions,
} from '../../api/src/sso/testProvider';
