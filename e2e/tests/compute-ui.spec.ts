import type { Page } from '@playwright/test';
import { DEMO_STATUS } from '../../api/src/compute/status/seed';
import { logIn, logOut } from '../support/authUi';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS, signInByApi } from '../support/identity';

// The compute screens on the production build with the real api: deploy from
// Products signed out, through Log in and back to the kept configuration, watched until Active;
// stop and start live; resize; delete with the confirm dialog naming the instance; the empty state;
// the Status page with the affected instance and an update arriving live. A portal of its own: it
// changes the demo instances and the Status incidents.
// The simulator at its real pace (a deployment takes 8 s, not 2): the test must see Installing
// before Active, which a busy machine could otherwise stretch past.
test.use({ portalEnv: { PORTAL_E2E_SUITE: 'compute-ui', PORTAL_COMPUTE_SIM_SPEED: '1' } });
test.use({ needs: ['devTools'] });

const CAB = DEMO_CONTRACTS.cabinet;
const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Instances' }).getByRole('row').filter({ hasText: name });

async function act(page: Page, name: string, action: 'Start' | 'Stop') {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

test('deploy from Products signed out, through Log in; live status; stop, start, resize, delete @auth @workspace @compute', async ({
  page,
  portal,
}) => {
  test.setTimeout(180_000);
  // Products needs a session (spec); its Configure link is what a visitor gets shared
  await signInByApi(page, portal.url);
  await page.goto('/products');
  await page
    .getByRole('button', { name: 'Configure Cloud VPS' })
    .or(page.getByRole('link', { name: 'Configure Cloud VPS' }))
    .click();
  await expect(page).toHaveURL(/\/new-instance\?template_uid=tpl-cloud-vps$/);
  const link = page.url();
  await logOut(page);
  await page.goto(link);
  await expect(page.getByRole('radio', { name: /^Ubuntu 24\.04 LTS/ })).toBeChecked();
  await expect(
    page.getByText('After logging in you can choose SSH keys (or add one) instead of a root password.'),
  ).toBeVisible();
  await page.getByRole('radio', { name: 'Riga, LV (EU)' }).check();
  await page.getByRole('radio', { name: /^Shared 1 vCPU · 2 GB/ }).check();
  await page.getByRole('textbox', { name: /^Name/ }).fill('e2e-web');
  await expect(page.getByTestId('summary-total')).toHaveText('€4.99/month (€0.01/hour)');
  await page.getByRole('button', { name: 'Log in to deploy' }).click();

  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await logIn(page, DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
  await expect(page).toHaveURL(/\/new-instance\?template_uid=tpl-cloud-vps$/);
  await expect(page.getByText('Your configuration was kept. Check it and deploy.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Riga, LV (EU)' })).toBeChecked();
  await expect(page.getByRole('radio', { name: /^Shared 1 vCPU · 2 GB/ })).toBeChecked();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('e2e-web');
  // an SSH key instead of a root password
  await page.getByRole('checkbox', { name: /Laptop/ }).check();
  await expect(page.getByText(/Optional: an SSH key is chosen\./)).toBeVisible();
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/workspace/${CAB}/dashboard/instances$`));
  const row = rowOf(page, 'e2e-web');
  await expect(row.getByText('Installing')).toBeVisible();
  // becomes Active over the subscription socket: no reload
  await expect(row.getByText('Active', { exact: true })).toBeVisible({ timeout: 30_000 });

  await act(page, 'e2e-web', 'Stop');
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible({ timeout: 30_000 });
  await act(page, 'e2e-web', 'Start');
  await expect(row.getByText('Active', { exact: true })).toBeVisible({ timeout: 30_000 });
  await act(page, 'e2e-web', 'Stop');
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible({ timeout: 30_000 });

  // details: the key it was deployed with; Settings › Resize to a larger plan
  await row.getByRole('link', { name: 'e2e-web' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Overview' }).getByText('Laptop')).toBeVisible();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText('Current plan: Shared 1 vCPU · 2 GB · €4.99/month')).toBeVisible();
  await page.getByRole('radio', { name: /^Shared 2 vCPU · 4 GB · €9\.49\/month \(\+€4\.50\)/ }).check();
  await page.getByRole('button', { name: 'Resize', exact: true }).click();
  // Fluent repeats a toast's text in a screen-reader live region: the first is the toast
  await expect(page.getByText('e2e-web is being resized to Shared 2 vCPU · 4 GB.').first()).toBeVisible();
  await expect(page.getByText('Current plan: Shared 2 vCPU · 4 GB · €9.49/month')).toBeVisible({
    timeout: 30_000,
  });
  // a smaller plan is not offered any more
  await expect(page.getByRole('radio', { name: /^Shared 1 vCPU · 2 GB/ })).toHaveCount(0);

  // Delete asks, naming the instance; then the list without it
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete instance?' });
  await expect(dialog).toContainText(
    'The instance e2e-web and all its data will be deleted. This cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page).toHaveURL(new RegExp(`/workspace/${CAB}/dashboard/instances$`));
  await expect(page.getByRole('link', { name: 'web-1', exact: true })).toBeVisible();
  await expect(rowOf(page, 'e2e-web')).toHaveCount(0, { timeout: 30_000 });
});

test('a services-enabled workspace without instances shows the empty state with Create instance @compute', async ({
  page,
  portal,
}) => {
  await signInByApi(page, portal.url);
  await page.goto(`/workspace/${DEMO_CONTRACTS.partner}/dashboard/instances`);
  await expect(page.getByRole('heading', { name: 'No instance deployed yet' })).toBeVisible();
  await expect(
    page.getByText('Deploy your first server in a few clicks: choose an image, a location and a plan.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create instance' }).click();
  await expect(page).toHaveURL(/\/new-instance$/);
});

test('Status: the open incident with the affected instance; an update arrives live @compute', async ({
  page,
  portal,
}) => {
  await signInByApi(page, portal.url);
  await page.goto(`/workspace/${CAB}/status`);
  await expect(page.getByText('Some systems have degraded performance')).toBeVisible();
  const incident = page.getByRole('region', { name: 'Open incidents' }).getByRole('group', {
    name: 'Degraded network performance in Frankfurt',
  });
  await expect(
    incident.getByRole('list', { name: 'Your affected instances' }).getByRole('link', { name: 'web-1' }),
  ).toBeVisible();
  await expect(
    incident.getByText('A faulty line card on one of the core routers has been identified.', {
      exact: false,
    }),
  ).toBeVisible();
  const frankfurt = page.getByRole('group', { name: 'Frankfurt, DE' });
  await expect(frankfurt.getByText('Degraded performance').first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Block storage upgrade in Riga' })).toBeVisible();

  const posted = await page
    .context()
    .request.post(`${portal.url}/_dev/compute/status/incidents/${DEMO_STATUS.frankfurtNetwork}/updates`, {
      data: { status: 'RESOLVED', message: 'Traffic runs over the repaired router again.' },
    });
  expect(posted.status()).toBe(200);
  // without reload
  await expect(page.getByText('All systems operational')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Open incidents' }).getByText('No open incidents.'),
  ).toBeVisible();
  const resolved = page.getByRole('region', { name: 'Resolved in the last 7 days' });
  await expect(resolved.getByText('Traffic runs over the repaired router again.')).toBeVisible();
});
