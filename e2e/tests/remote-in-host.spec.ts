import { DEMO_ACCOUNT, expect, NO_WORKSPACE_ACCOUNT, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';
import { dashboardUrl } from '../support/paths';

// The suite is about loading remotes, not signing in: each test starts signed in.
test.use({ account: DEMO_ACCOUNT });

test('a remote page renders inside the host through the host router @compute @support @shell', async ({
  page,
  portal,
}) => {
  // Home sends a customer with services on to the Dashboard of the workspace chosen for them
  await page.goto('/');
  await expect(page).toHaveURL(dashboardUrl(DEMO_CONTRACTS.cabinet));
  await expect(page.getByRole('tab', { name: 'Instances' })).toBeVisible();
  // a marker on window survives only if navigation stays inside the single-page app
  await page.evaluate(() => {
    (window as unknown as { spaMarker: string }).spaMarker = 'still here';
  });

  const supportManifest = page.waitForResponse(portal.remotes.support);
  await page.getByRole('navigation').getByRole('link', { name: 'Support' }).click();
  await supportManifest;

  await expect(page).toHaveURL(/\/support(\?|$)/);
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
  await expect(page.getByText('Our support team is available 24x7.')).toBeVisible();
  // the host's chrome is still around the page
  await expect(page.getByRole('banner')).toContainText('Customer Portal');
  expect(await page.evaluate(() => (window as unknown as { spaMarker?: string }).spaMarker)).toBe(
    'still here',
  );
  await expect(page).toHaveTitle('Support · Customer Portal');

  // route params reach the remote page: a deep link with a contract renders compute's Dashboard
  await page.goto(`/workspace/${DEMO_CONTRACTS.legacy}`);
  await expect(page.getByRole('tab', { name: 'Instances' })).toBeVisible();
});

test.describe('for a customer without a workspace', () => {
  test.use({ account: NO_WORKSPACE_ACCOUNT });

  test('unknown paths and /base redirect to Home @shell', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible();
    await page.goto('/base');
    await expect(page).toHaveURL(/\/$/);
  });
});
