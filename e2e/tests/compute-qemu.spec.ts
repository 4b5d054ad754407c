import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';
import { REPO } from '../support/paths';

// The QEMU driver (issue 18) on the production build: a real virtual machine (TCG) deployed from
// New instance, Installing then Active live, its console answering `uname -r` with the guest's
// kernel, stopped from the Dashboard. A portal of its own with PORTAL_COMPUTE_DRIVER=qemu, its VMs
// in a folder of its own (the image is the repository's cache, built when missing) and powered off
// when the portal stops. Skipped where qemu-system-x86_64 is not installed.

const QEMU_DIR = path.join(tmpdir(), `portal-e2e-qemu-${process.pid}`);
const IMAGE_DIR = path.join(REPO, '.data/qemu/image');
const hasQemu = (() => {
  try {
    execFileSync('qemu-system-x86_64', ['--version']);
    return true;
  } catch {
    return false;
  }
})();

test.use({
  account: DEMO_ACCOUNT,
  needs: ['privatePortal'],
  portalEnv: {
    PORTAL_E2E_SUITE: 'compute-qemu',
    PORTAL_COMPUTE_DRIVER: 'qemu',
    PORTAL_QEMU_DIR: QEMU_DIR,
    PORTAL_QEMU_IMAGE_DIR: IMAGE_DIR,
    PORTAL_QEMU_MAX_MEMORY_MB: '256',
    PORTAL_QEMU_STOP_ON_EXIT: '1',
  },
});

test.afterAll(() => {
  // a safety net: no VM of this suite outlives it
  const instances = path.join(QEMU_DIR, 'instances');
  for (const uid of existsSync(instances) ? readdirSync(instances) : []) {
    try {
      process.kill(Number(readFileSync(path.join(instances, uid, 'qemu.pid'), 'utf8')), 'SIGKILL');
    } catch {
      // not running
    }
  }
  rmSync(QEMU_DIR, { recursive: true, force: true });
});

const CAB = DEMO_CONTRACTS.cabinet;
const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Instances' }).getByRole('row').filter({ hasText: name });

async function screenText(page: Page): Promise<string> {
  const rows = await page.locator('.xterm-rows > div').allTextContents();
  return rows
    .map((row) => row.replace(/\u00a0/g, ' ').trimEnd())
    .join('\n')
    .trimEnd();
}

test('deploys a real VM, reads its kernel on the console, stops it from the Dashboard @compute', async ({
  page,
}) => {
  test.skip(!hasQemu, 'qemu-system-x86_64 is not installed');
  test.setTimeout(240_000);
  await page.goto('/new-instance?template_uid=tpl-cloud-vps');
  await page.getByRole('radio', { name: /^Shared 1 vCPU · 2 GB/ }).check();
  await page.getByRole('textbox', { name: /^Name/ }).fill('qemu-e2e');
  await page.getByRole('checkbox', { name: /Laptop/ }).check();
  await page.getByRole('button', { name: 'Deploy', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/workspace/${CAB}/dashboard/instances$`));
  const row = rowOf(page, 'qemu-e2e');
  await expect(row.getByText('Installing')).toBeVisible();
  await expect(row.getByText('Active', { exact: true })).toBeVisible({ timeout: 150_000 });

  await row.getByRole('link', { name: 'qemu-e2e' }).click();
  await page.getByRole('button', { name: 'Launch console' }).click();
  await expect(page.getByRole('status')).toHaveText('Connected', { timeout: 20_000 });
  await expect.poll(() => screenText(page), { timeout: 30_000 }).toContain('portal: ready');
  expect(await screenText(page)).toContain('qemu-e2e');
  await page.locator('.xterm').click();
  await page.keyboard.type('uname -r');
  await page.keyboard.press('Enter');
  await expect.poll(() => screenText(page), { timeout: 30_000 }).toMatch(/uname -r\n6\.1\.\d+-\d+-amd64\n/);

  await page.goto(`/workspace/${CAB}/dashboard/instances`);
  await page.getByRole('button', { name: 'Actions for qemu-e2e' }).click();
  await page.getByRole('menuitem', { name: 'Stop', exact: true }).click();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible({ timeout: 60_000 });
});
