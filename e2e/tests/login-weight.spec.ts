import { expect, test } from '../support/fixtures';

// Issue 14: the sign-in pages render in a minimal frame. The shell's chrome (the drawer with the
// workspace switcher, the account menu, the avatar) and the GraphQL stack (urql, graphcache,
// graphql-ws) are lazy chunks that a visitor on the way to signing in never downloads; signing in
// brings them. Each is recognised in the scripts by text only its code carries: Fluent's class
// names of the drawer, menu and avatar, and graphql-ws's subprotocol.
const MARKERS = {
  drawer: 'fui-NavDrawer',
  menu: 'fui-MenuList',
  avatar: 'fui-Avatar',
  graphqlWs: 'graphql-transport-ws',
};

test('/auth/login downloads neither the chrome nor the GraphQL stack; signing in brings both @auth @compute @shell', async ({
  page,
}) => {
  const bodies: string[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    bodies.push(await response.text().catch(() => ''));
  });
  const carried = () =>
    Object.fromEntries(
      Object.entries(MARKERS).map(([name, marker]) => [name, bodies.some((body) => body.includes(marker))]),
    );

  await page.goto('/auth/login');
  await expect(page.getByRole('main').getByRole('heading', { name: 'Welcome' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Customer Portal');
  await page.waitForLoadState('networkidle');
  expect(bodies.length).toBeGreaterThan(5);
  expect(carried()).toEqual({ drawer: false, menu: false, avatar: false, graphqlWs: false });

  await page.getByRole('textbox', { name: 'E-mail' }).fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password' }).fill('Demo-Pass-2026');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('banner').getByRole('button', { name: /^Account menu/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(carried()).toEqual({ drawer: true, menu: true, avatar: true, graphqlWs: true });
});

test('/auth/login asks for /remotes.json and the sign-in remote manifest once each: the preloads its Link header names are used @auth @shell', async ({
  page,
}) => {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  const response = await page.goto('/auth/login');
  expect(response?.headers().link).toContain('</remotes.json>; rel=preload; as=fetch; crossorigin');
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toBeEditable();
  await page.waitForLoadState('networkidle');
  expect(requested.filter((p) => p === '/remotes.json')).toHaveLength(1);
  expect(requested.filter((p) => p.endsWith('/mf-manifest.json'))).toHaveLength(1);
  expect(requested.filter((p) => p === '/_allauth/browser/v1/auth/session')).toHaveLength(1);
});
