import { generateKeyPairSync } from 'node:crypto';
import { DEMO_INSTANCES } from '../../api/src/db/demo';
import { logIn, logOut } from '../support/authUi';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS, DEMO_PASSWORD } from '../support/identity';

// Profile (issue 13) on the production build with the real api. A portal of its own: the last test
// changes the demo user's password, and the preferences test changes their time zone.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'profile' } });

const WEB1 = `/workspace/${DEMO_CONTRACTS.cabinet}/instance/vm/${DEMO_INSTANCES.web1.uid}/overview`;

/** A fresh ed25519 public key in OpenSSH format (`ssh-ed25519 AAAA… comment`). */
function ed25519PublicKey(comment: string): string {
  const { publicKey } = generateKeyPairSync('ed25519');
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  const field = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const blob = Buffer.concat([field(Buffer.from('ssh-ed25519')), field(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} ${comment}`;
}

test('@compute time zone and date format change a date elsewhere at once, in a second tab too @workspace', async ({
  page,
  context,
}) => {
  // web-1 was created 2025-09-14 08:20 UTC: Berlin time, YYYY-MM-DD, 24 hours for the demo user
  await page.goto(WEB1);
  const created = page.getByRole('definition').filter({ hasText: /^2025-09-14 10:20$/ });
  await expect(created).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });

  const settings = await context.newPage();
  await settings.goto('/profile/preferences');
  const zone = settings.getByRole('combobox', { name: /Time zone/ });
  await zone.click();
  await zone.fill('New York');
  await settings.getByRole('option', { name: /^America\/New York/ }).click();
  await settings.getByRole('radio', { name: 'MM/DD/YYYY' }).check();
  await settings.getByRole('radio', { name: '12 hours (AM/PM)' }).check();
  await expect(settings.getByText(/^Example: \d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
  await settings.getByRole('button', { name: 'Save changes' }).click();
  await expect(settings.getByText('Your preferences have been saved.').first()).toBeVisible();

  // the other tab follows over the subscription, without a reload
  await expect(page.getByRole('definition').filter({ hasText: /^09\/14\/2025 4:20 AM$/ })).toBeVisible({
    timeout: 20_000,
  });
  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);
  // and this tab, in another remote, at once
  await settings.goto(WEB1);
  await expect(settings.getByRole('definition').filter({ hasText: /^09\/14\/2025 4:20 AM$/ })).toBeVisible();
  await settings.reload();
  await expect(settings.getByRole('definition').filter({ hasText: /^09\/14\/2025 4:20 AM$/ })).toBeVisible();
});

test('@compute adds an SSH key, refuses a bad one, and New instance offers it @workspace', async ({
  page,
}) => {
  await page.goto('/profile/ssh-keys');
  await expect(page.getByRole('list', { name: 'Your SSH keys' })).toBeVisible();

  await page.getByRole('button', { name: 'Add SSH key' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Name/).fill('E2E laptop');
  await dialog.getByLabel(/^Public key/).fill('ssh-rsa AAAAB3NzaC1yc2E= too-short');
  await dialog.getByRole('button', { name: 'Add key' }).click();
  await expect(dialog.getByRole('alert')).toContainText('This is not a public key in OpenSSH format.');
  await expect(dialog.getByLabel(/^Public key/)).toHaveValue('ssh-rsa AAAAB3NzaC1yc2E= too-short');

  await dialog.getByLabel(/^Public key/).fill(ed25519PublicKey('e2e@laptop'));
  await dialog.getByRole('button', { name: 'Add key' }).click();
  await expect(page.getByText('SSH key E2E laptop added.').first()).toBeVisible();
  const item = page
    .getByRole('list', { name: 'Your SSH keys' })
    .getByRole('listitem', { name: 'E2E laptop', exact: true });
  await expect(item).toContainText(/SHA256:\S+/);
  await expect(item).toContainText('ED25519');

  await page.goto(`/new-instance`);
  await expect(page.getByRole('checkbox', { name: /E2E laptop/ })).toBeVisible();
});

test('an invalid phone shows the spec message and keeps the typed value @workspace', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL('/profile/profile');
  const phone = page.getByRole('textbox', { name: /Mobile number/ });
  await expect(phone).toHaveValue('+4915123456789');
  await phone.fill('+49 30 12345678');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Valid mobile phone number required.')).toBeVisible();
  await expect(phone).toHaveValue('+49 30 12345678');
  await phone.fill('+49 151 99887766');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile has been saved.').first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Mobile number/ })).toHaveValue('+4915199887766');
});

test('sessions list this device; the password changes and signs in with the new one @auth @workspace @compute', async ({
  page,
}) => {
  await page.goto('/profile/authentication');
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem').first()).toContainText('This device');
  await expect(sessions.getByRole('listitem').first()).toContainText(/Chrome \d+ on Linux/);

  await page.getByLabel(/^Current password/).fill(DEMO_PASSWORD);
  await page.getByLabel(/^New password/).fill('short');
  await page.getByLabel(/^Confirm new password/).fill('other');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(
    page.getByText(
      'Password must be 8+ characters, must contain at least 1 uppercase, 1 lowercase letter and 1 number',
    ),
  ).toBeVisible();
  await expect(page.getByText('Password must match')).toBeVisible();

  await page.getByLabel(/^New password/).fill('Fresh-Pass-2027');
  await page.getByLabel(/^Confirm new password/).fill('Fresh-Pass-2027');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.').first()).toBeVisible();

  await logOut(page);
  await expect(page).toHaveURL(/\/auth\/login/);
  await logIn(page, DEMO_ACCOUNT.email, DEMO_PASSWORD);
  await expect(
    page.getByText('The email address and/or password you specified are not correct.'),
  ).toBeVisible();
  await logIn(page, DEMO_ACCOUNT.email, 'Fresh-Pass-2027');
  await expect(page).not.toHaveURL(/\/auth\/login/);
});
