import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';

// Issue 15, finding 11: the portal's pages carry a strict script policy, and the portal works under it.
test.use({ account: DEMO_ACCOUNT });

test('every remote works under the Content-Security-Policy, and an injected script does not run @workspace @billing @compute @support @shell', async ({
  page,
}) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });

  const home = await page.goto(`/workspace/${DEMO_CONTRACTS.cabinet}/billing/invoices`);
  const policy = home?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("object-src 'none'");
  expect(policy).toMatch(/script-src 'self' [^;]*'sha256-/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();

  // one page of each remote, through the host's router (its chunks, styles and sockets load)
  const nav = page.getByRole('navigation');
  await nav.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('tab', { name: 'Instances' })).toBeVisible();
  await nav.getByRole('link', { name: 'Support', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Support', level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Profile', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Nordwind Cloud', level: 1 })).toBeVisible();
  expect(violations).toEqual([]);

  // what an injection would add is refused by the browser
  const ran = await page.evaluate(async () => {
    const refused = new Promise<string>((resolve) =>
      document.addEventListener('securitypolicyviolation', (event) => resolve(event.violatedDirective), {
        once: true,
      }),
    );
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.head.append(script);
    return { directive: await refused, injected: (window as { injected?: boolean }).injected ?? false };
  });
  expect(ran).toEqual({ directive: 'script-src-elem', injected: false });
});
