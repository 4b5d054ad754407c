import type { Page } from '@playwright/test';
import { identityCalls, logOut } from '../../support/authUi';
import { expect, test } from '../../support/fixtures';
import { expectHome } from '../../support/mfaUi';
import { startOidcProvider, type TestOidcProvider } from '../../support/oidcProvider';
import { e2ePort } from '../../support/ports';

// The portal's public URL is known before it starts (support/ports.ts), and so is the provider's.
const PORTAL_URL = `http://127.0.0.1:${e2ePort()}`;
const PROVIDER_PORT = e2ePort(17);
const PROVIDER = { id: 'e2e', name: 'E2E SSO', clientId: 'portal', clientSecret: 'e2e-secret' };
const ISSUER = `http://127.0.0.1:${PROVIDER_PORT}`;

// one account per test: the first SSO login of each creates a portal account
const NEW_USER = {
  email: 'ada.sso@example.com',
  name: 'Ada Lovelace',
  givenName: 'Ada',
  familyName: 'Lovelace',
};
const CANCELLING_USER = { email: 'grace.sso@example.com', name: 'Grace Hopper' };

test.use({
  portalEnv: {
    PORTAL_OIDC_PROVIDERS: JSON.stringify([
      {
        id: PROVIDER.id,
        name: PROVIDER.name,
        issuer: ISSUER,
        clientId: PROVIDER.clientId,
        clientSecret: PROVIDER.clientSecret,
      },
    ]),
  },
});

let provider: TestOidcProvider;
test.beforeAll(async () => {
  provider = await startOidcProvider({
    port: PROVIDER_PORT,
    clientId: PROVIDER.clientId,
    clientSecret: PROVIDER.clientSecret,
    redirectUris: [`${PORTAL_URL}/accounts/oidc/${PROVIDER.id}/login/callback/`],
    accounts: [NEW_USER, CANCELLING_USER],
  });
  expect(provider.issuer).toBe(ISSUER);
});
test.afterAll(async () => {
  await provider?.stop();
});

/** From the portal's login page to the provider's login page. */
async function continueWithProvider(page: Page) {
  await page.goto('/auth/login');
  await page.getByRole('button', { name: `Continue with ${PROVIDER.name}` }).click();
  await expect(page).toHaveURL((url) => url.origin === ISSUER && url.pathname.startsWith('/interaction/'));
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText(`to continue to ${PROVIDER.clientId}`)).toBeVisible();
}

/** Signs in at the provider (which must show its login page). */
async function signInAtProvider(page: Page, email: string) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the SSO flow: sign up through the provider, then sign in with it directly @auth @compute', async ({
  page,
  baseURL,
}) => {
  expect(baseURL).toBe(PORTAL_URL);
  await continueWithProvider(page);
  await signInAtProvider(page, NEW_USER.email);

  // back in the portal: a first login with the provider creates the account
  await expect(page).toHaveURL(`${PORTAL_URL}/auth/provider/signup`);
  await expect(page.getByRole('heading', { name: 'Finish signing up' })).toBeVisible();
  await expect(
    page.getByText(
      `You are logging in with ${PROVIDER.name} for the first time. Confirm your e-mail address to create your account.`,
    ),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Finish signing up' });
  const email = form.getByRole('textbox', { name: 'E-mail' });
  const consent = form.getByRole('checkbox', { name: /I agree to the processing of my personal data/ });
  const create = form.getByRole('button', { name: 'Create account' });
  // the provider's address is filled in (from GET /auth/provider/signup)
  await expect(email).toHaveValue(NEW_USER.email);
  await expect(consent).not.toBeChecked();

  // the consent is required: nothing is sent without it
  const posts = identityCalls(page, 'POST');
  await create.click();
  await expect(form.getByText('Required')).toHaveCount(1);
  await expect(form.getByText('Required')).toBeVisible();
  expect(posts).toEqual([]);

  await consent.check();
  await expect(form.getByText('Required')).toHaveCount(0);
  await create.click();
  await expectHome(page);
  expect(posts).toEqual(['/auth/provider/signup']);
  // the account carries the provider's name
  await expect(page.getByRole('button', { name: `Account menu of ${NEW_USER.name}` })).toBeVisible();

  // signed out, the provider signs the same person in again, without a sign-up
  await logOut(page);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await continueWithProvider(page);
  await signInAtProvider(page, NEW_USER.email);
  await expectHome(page);
  await expect(page.getByRole('button', { name: `Account menu of ${NEW_USER.name}` })).toBeVisible();
});

test('cancelling at the provider comes back to the login page with the cancelled message @auth @shell', async ({
  page,
  baseURL,
}) => {
  await continueWithProvider(page);
  await page.getByLabel('E-mail').fill(CANCELLING_USER.email);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(`${PORTAL_URL}/auth/login?error=cancelled`);
  await expect(page.getByText('Logging in with the provider was cancelled.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Log in', selected: true })).toBeVisible();
  // nobody is signed in, and no sign-up waits
  const session = await page.context().request.get(`${baseURL}/_allauth/browser/v1/auth/session`);
  expect(session.status()).toBe(401);
  const flows = ((await session.json()) as { data: { flows: { id: string; is_pending?: boolean }[] } }).data
    .flows;
  expect(flows.filter((flow) => flow.is_pending)).toEqual([]);
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
});
