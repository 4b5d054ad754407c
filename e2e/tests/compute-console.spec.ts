import type { Page } from '@playwright/test';
import { DEMO_INSTANCES } from '../../api/src/db/demo';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';

// The Console on the production build with the real api: xterm.js on `/ws/console/<uid>`, the
// simulator's shell behind it. A portal of its own: a test starts a demo instance.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'compute-console' } });

const CAB = DEMO_CONTRACTS.cabinet;

/** The terminal's screen as text, read from xterm's DOM rows (spaces are no-break spaces there). */
async function screenText(page: Page): Promise<string> {
  const rows = await page.locator('.xterm-rows > div').allTextContents();
  return rows
    .map((row) => row.replace(/\u00a0/g, ' ').trimEnd())
    .join('\n')
    .trimEnd();
}

test('opens the console from the details page, runs a command and reads its output @auth @compute', async ({
  page,
}) => {
  const web1 = DEMO_INSTANCES.web1;
  await page.goto(`/workspace/${CAB}/instance/vm/${web1.uid}/overview`);
  await page.getByRole('button', { name: 'Launch console' }).click();
  await expect(page).toHaveURL(`/console/${web1.uid}`);
  await expect(page.getByRole('heading', { name: 'web-1' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Connected', { timeout: 20_000 });
  await expect.poll(() => screenText(page), { timeout: 20_000 }).toMatch(/root@web-1:~#$/);
  expect(await screenText(page)).toContain('web-1 login: root (automatic login)');

  await page.locator('.xterm').click();
  await page.keyboard.type('hostname');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => screenText(page), { timeout: 20_000 })
    .toMatch(/root@web-1:~# hostname\nweb-1\nroot@web-1:~#$/);

  // Line editing: a typo erased with Backspace, an unknown command answered as bash does.
  await page.keyboard.type('whoamx');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('i');
  await page.keyboard.press('Enter');
  await page.keyboard.type('frobnicate');
  await page.keyboard.press('Enter');
  await expect
    .poll(() => screenText(page), { timeout: 20_000 })
    .toMatch(/# whoami\nroot\nroot@web-1:~# frobnicate\nbash: frobnicate: command not found\nroot@web-1:~#$/);

  // Back to the instance.
  await page.getByRole('link', { name: 'Back to web-1' }).click();
  await expect(page).toHaveURL(`/workspace/${CAB}/instance/vm/${web1.uid}/overview`);
});

test('an inactive instance: the console says it is off, Start brings it up and attaches @compute', async ({
  page,
}) => {
  const replica = DEMO_INSTANCES.dbReplica;
  await page.goto(`/console/${replica.uid}`);
  await expect(page.getByText('db-replica is off. Start it to use the console.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('status')).toHaveText('Disconnected');
  await page.getByRole('button', { name: 'Start instance' }).click();
  // Live: Starting…, then Active, and the console attaches by itself.
  await expect(page.getByRole('status')).toHaveText('Connected', { timeout: 20_000 });
  await expect.poll(() => screenText(page), { timeout: 20_000 }).toMatch(/root@db-replica:~#$/);
  await expect(page.getByText('db-replica is off. Start it to use the console.')).toBeHidden();
});
