import type { Page } from '@playwright/test';
import { DEMO_INSTANCES } from '../../api/src/db/demo';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';

// Monitoring on the production build with the real api: the charts draw the seeded history, an
// alert rule created on screen fires when the simulator is told (dev tool) that the instance's CPU
// has been at 97 % for 10 minutes (toast, live state in the table), and recovers. A portal of its
// own: it changes the demo's rules.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'compute-monitoring' } });
test.use({ needs: ['devTools'] });

const CAB = DEMO_CONTRACTS.cabinet;
const FEDORA = DEMO_INSTANCES.fedoraLab;

async function forceCpu(page: Page, url: string, value: number) {
  const answer = await page.request.post(`${url}/_dev/compute/instances/${FEDORA.uid}/metrics`, {
    data: { metric: 'CPU', value, minutes: 10 },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

test('the Monitoring charts render with data, for the workspace and for one instance @compute', async ({
  page,
}) => {
  await page.goto(`/workspace/${CAB}/dashboard/monitoring`);
  const cpu = page.getByRole('figure', { name: 'CPU' });
  await expect(cpu.getByText(/^CPU: average \d+(\.\d+)? %, peak \d+(\.\d+)? %$/)).toBeVisible();
  // uPlot drew on a canvas as wide as its box
  const canvas = cpu.locator('canvas');
  await expect(canvas).toHaveCount(1);
  expect((await canvas.boundingBox())?.width).toBeGreaterThan(300);
  await expect(
    page.getByRole('figure', { name: 'Network traffic' }).getByText(/^Outbound: average \d+\.?\d* Gbps/),
  ).toBeVisible();
  await expect(page.getByRole('figure', { name: 'Memory' })).toBeVisible();

  // the hover tooltip: the time and the value of the point under the pointer
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(cpu.getByRole('status')).toContainText(/CPU: \d+(\.\d+)? %/);

  await page.getByRole('combobox', { name: 'Range' }).selectOption({ label: 'Last 30 days' });
  await expect(page).toHaveURL(/range=30d/);
  await expect(cpu.getByText(/^CPU: average/)).toBeVisible();

  await page.goto(`/workspace/${CAB}/instance/vm/${FEDORA.uid}/monitoring`);
  await expect(page.getByRole('tab', { name: 'Monitoring' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('figure', { name: 'Disk usage' }).getByText(/^Main disk: average [\d.]+ GB/),
  ).toBeVisible();
});

test('an alert rule created on screen fires in the simulator (toast), then recovers @compute', async ({
  page,
  portal,
}) => {
  await page.goto(`/workspace/${CAB}/dashboard/monitoring`);
  await page.getByRole('button', { name: 'New alert rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert rule' });
  await dialog.getByRole('combobox', { name: 'Instance' }).selectOption({ label: FEDORA.name });
  await dialog.getByRole('combobox', { name: 'Metric' }).selectOption({ label: 'CPU' });
  await dialog.getByRole('combobox', { name: 'Condition' }).selectOption({ label: 'Above' });
  // refused in the browser first, naming the field
  await dialog.getByRole('textbox', { name: 'Value' }).fill('150');
  await dialog.getByRole('button', { name: 'Create rule' }).click();
  await expect(dialog.getByText('Enter a number from 0 to 100 % with at most 2 decimals.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Value' }).fill('90');
  await dialog.getByRole('combobox', { name: /^Period/ }).selectOption({ label: '5 min' });
  await dialog.getByRole('button', { name: 'Create rule' }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole('table', { name: 'Alert rules' });
  const row = table.getByRole('row').filter({ hasText: FEDORA.name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Above 90 %');
  await expect(row).toContainText('5 min');
  await expect(row).toContainText('OK');

  await forceCpu(page, portal.url, 97);
  // Fluent repeats a toast's text in a screen-reader live region: the first is the toast
  await expect(
    page.getByText('Alert: CPU of fedora-lab is above 90 % (average 97 % over 5 min).').first(),
  ).toBeVisible();
  await expect(row).toContainText('Firing');
  await expect(row).toContainText(/since \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  await forceCpu(page, portal.url, 12);
  await expect(
    page.getByText('Recovered: CPU of fedora-lab is no longer above 90 % (average 12 % over 5 min).').first(),
  ).toBeVisible();
  await expect(row).toContainText(/OKrecovered \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);

  // and the mail went to the workspace's users
  const outbox = await page.request.get(
    `${portal.url}/_dev/outbox?to=${encodeURIComponent(DEMO_ACCOUNT.email)}`,
  );
  const subjects = ((await outbox.json()) as Array<{ subject: string }>).map((m) => m.subject);
  expect(subjects).toContain('Alert: CPU of fedora-lab is above 90 % (average 97 % over 5 min).');
  expect(subjects).toContain(
    'Recovered: CPU of fedora-lab is no longer above 90 % (average 12 % over 5 min).',
  );
});
