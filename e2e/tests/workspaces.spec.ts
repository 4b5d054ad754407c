import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS, OTHER_CONTRACT_UID } from '../support/identity';
import { dashboardUrl } from '../support/paths';

// A portal of its own: the live-balance test changes a seeded balance.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'workspaces' } });
test.use({ needs: ['devTools'] });

const dashboardOf = (contractUid: string) => `/workspace/${contractUid}/dashboard`;
const balance = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation').getByRole('region', { name: 'Credit balance' });

test('several workspaces: lands in the CAB one; switching rewrites the URL and survives reload @compute @shell', async ({
  page,
}) => {
  await page.goto('/');
  // sorted by account name the CAB workspace is not first: the selection still picks it
  await expect(page).toHaveURL(dashboardUrl(DEMO_CONTRACTS.cabinet));
  const switcher = page.getByRole('button', { name: 'Workspace Nordwind Cloud, switch workspace' });
  await expect(switcher).toBeVisible();

  await switcher.click();
  await page.getByRole('menuitemradio', { name: 'Bright Webshop' }).click();
  await expect(page).toHaveURL(dashboardUrl(DEMO_CONTRACTS.webshop));
  await expect(
    page.getByRole('button', { name: 'Workspace Bright Webshop, switch workspace' }),
  ).toBeVisible();
  await expect(balance(page)).toContainText('$1,200.00');

  await page.reload();
  await expect(page).toHaveURL(dashboardUrl(DEMO_CONTRACTS.webshop));
  await expect(
    page.getByRole('button', { name: 'Workspace Bright Webshop, switch workspace' }),
  ).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(dashboardUrl(DEMO_CONTRACTS.webshop));
});

test("a deep link to another customer's workspace is refused with the spec's message @billing @compute @shell", async ({
  page,
}) => {
  await page.goto(dashboardOf(DEMO_CONTRACTS.cabinet));
  await expect(page.getByRole('tab', { name: 'Instances' })).toBeVisible();
  await page.goto(`/workspace/${OTHER_CONTRACT_UID}/billing`);
  // the toast (Fluent repeats its text in a screen-reader live region)
  await expect(page.getByText('You do not have permission to perform this action').first()).toBeVisible();
  await expect(page).not.toHaveURL(new RegExp(OTHER_CONTRACT_UID));
  await expect(page.getByText('Other Industries')).toHaveCount(0);
});

test('the balance in the drawer changes live when the api changes it @compute @shell', async ({
  page,
  portal,
}) => {
  await page.goto(dashboardOf(DEMO_CONTRACTS.cabinet));
  await expect(balance(page)).toContainText('€250.00');
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });

  const response = await page.request.post(
    `${portal.url}/_dev/workspaces/${DEMO_CONTRACTS.cabinet}/balance`,
    {
      data: { amount: '-75.25' },
    },
  );
  expect(response.ok()).toBe(true);
  // negative: the drawer shows minus what is due
  await expect(balance(page)).toContainText('-€75.25');
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
});
