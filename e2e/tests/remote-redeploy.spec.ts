import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildRemoteVariant } from '../support/buildVariant';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { e2ePort } from '../support/ports';

// The suite is about loading remotes, not signing in: each test starts signed in.
test.use({ account: DEMO_ACCOUNT });
test.use({ needs: ['privatePortal'] });

test('a rebuilt remote on another origin replaces the old one after reload, without a host rebuild @support @shell', async ({
  page,
  portal,
}) => {
  test.setTimeout(180_000);
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
  await expect(page.getByText('Release 2 of Support')).toHaveCount(0);
  const hostScripts = await page.evaluate(() =>
    [...document.scripts]
      .map((s) => s.src)
      .filter((src) => src.startsWith(location.origin))
      .join(),
  );

  // the support team releases a visible change: a new build, deployed to a new origin
  const outDir = buildRemoteVariant('support', 'release-2', {
    edit(src) {
      const page = path.join(src, 'support/SupportPage.tsx');
      renameSync(page, path.join(src, 'support/SupportPageRelease1.tsx'));
      writeFileSync(
        page,
        `import Release1 from './SupportPageRelease1';\n\nexport default function SupportPage() {\n  return (\n    <>\n      <p>Release 2 of Support</p>\n      <Release1 />\n    </>\n  );\n}\n`,
      );
    },
  });
  const release2 = await portal.serveRemote(outDir, e2ePort(10));
  portal.setRemote('support', release2.manifestUrl);

  await page.reload();
  await expect(page.getByText('Release 2 of Support')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
  // the host itself did not change
  expect(
    await page.evaluate(() =>
      [...document.scripts]
        .map((s) => s.src)
        .filter((src) => src.startsWith(location.origin))
        .join(),
    ),
  ).toBe(hostScripts);
});
