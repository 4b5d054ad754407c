import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { REPO, remoteDir } from '../support/paths';

// A remote's team releases, promotes and rolls back one remote with `npm run release*`
// (scripts/release.mjs), into a releases folder of this test, served as deployed.
test.use({ account: DEMO_ACCOUNT });
test.use({ needs: ['privatePortal'] });

const RELEASE_TEXT = 'Release e2e-2 of Support';

/** One digest of every file of the host's build: the host must not change for a release. */
function hashTree(dir: string): string {
  const hash = createHash('sha256');
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(path.relative(dir, file)).update(readFileSync(file));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

function releaseCommand(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [path.join(REPO, 'scripts/release.mjs'), ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
}

test('a remote released, promoted and rolled back with the release commands; a release against another contract major is refused @billing @support @shell', async ({
  page,
  portal,
}) => {
  test.setTimeout(300_000);
  const releasesDir = mkdtempSync(path.join(tmpdir(), 'portal-releases-'));
  const port = Number(new URL(portal.url).port) + 15;
  const releases = await portal.serveRemote(releasesDir, port);
  const env = {
    PORTAL_RELEASES_DIR: releasesDir,
    PORTAL_RELEASES_URL: `http://127.0.0.1:${port}`,
    PORTAL_REMOTES_FILE: portal.remotesFile ?? '',
  };
  const hostBefore = hashTree(path.join(REPO, 'host/dist'));
  const srcCopy = path.join(remoteDir('support'), '.variant-src', 'release-spec');
  try {
    // the support team's change: a visible line above the page
    rmSync(srcCopy, { recursive: true, force: true });
    cpSync(path.join(remoteDir('support'), 'src'), srcCopy, { recursive: true });
    const pageFile = path.join(srcCopy, 'support/SupportPage.tsx');
    renameSync(pageFile, path.join(srcCopy, 'support/SupportPageBefore.tsx'));
    writeFileSync(
      pageFile,
      `import Before from './SupportPageBefore';\n\nexport default function SupportPage() {\n  return (\n    <>\n      <p>${RELEASE_TEXT}</p>\n      <Before />\n    </>\n  );\n}\n`,
    );
    const sourceEnv = { ...env, PORTAL_SRC_DIR: path.relative(remoteDir('support'), srcCopy) };

    // a build against another major of @portal/shared is refused, naming why, and nothing is written
    const refused = releaseCommand(['support', 'e2e-v2'], { ...sourceEnv, PORTAL_SHARED_VERSION: '2.0.0' });
    expect(refused.status, refused.out).toBe(1);
    expect(refused.out).toContain('Refused: support e2e-v2 does not match the host');
    expect(refused.out).toContain('built against @portal/shared 2.0.0 (major 2), the host runs 1.');
    expect(refused.out).toContain('Nothing was released.');
    expect(existsSync(path.join(releasesDir, 'support/e2e-v2'))).toBe(false);

    // the page is open before the release
    await page.goto('/support');
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await expect(page.getByText(RELEASE_TEXT)).toHaveCount(0);

    const released = releaseCommand(['support', 'e2e-2'], sourceEnv);
    expect(released.status, released.out).toBe(0);
    const manifestUrl = `http://127.0.0.1:${port}/support/e2e-2/mf-manifest.json`;
    expect(released.out).toContain(`Manifest URL: ${manifestUrl}`);
    expect((await page.request.get(manifestUrl)).ok()).toBe(true);
    // versions are immutable
    const again = releaseCommand(['support', 'e2e-2'], sourceEnv);
    expect(again.status).toBe(1);
    expect(again.out).toContain('support e2e-2 is already released');
    // only a released version can go live
    const unknown = releaseCommand(['promote', 'support', 'e2e-9'], env);
    expect(unknown.status).toBe(1);
    expect(unknown.out).toContain('support e2e-9 is not released');
    expect(unknown.out).toContain('Released versions: e2e-2.');

    const promoted = releaseCommand(['promote', 'support', 'e2e-2'], env);
    expect(promoted.status, promoted.out).toBe(0);
    expect(await (await page.request.get('/remotes.json')).json()).toMatchObject({ support: manifestUrl });

    // the open page keeps the Support it loaded, and keeps working
    await page.getByRole('navigation').getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(/\/billing/);
    // Billing's page is there before the next click (a click during its load once went nowhere)
    await expect(page.getByRole('main').getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await page.getByRole('navigation').getByRole('link', { name: 'Support' }).click();
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await expect(page.getByText(RELEASE_TEXT)).toHaveCount(0);

    // the next load gets the new release
    await page.reload();
    await expect(page.getByText(RELEASE_TEXT)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();

    const rolledBack = releaseCommand(['rollback', 'support'], env);
    expect(rolledBack.status, rolledBack.out).toBe(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Support' })).toBeVisible();
    await expect(page.getByText(RELEASE_TEXT)).toHaveCount(0);

    // the history: who put what live when, previous and new
    const history = readFileSync(path.join(releasesDir, 'history.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(history).toMatchObject([
      {
        action: 'promote',
        remote: 'support',
        version: 'e2e-2',
        url: manifestUrl,
        previousUrl: portal.remotes.support,
      },
      { action: 'rollback', remote: 'support', url: portal.remotes.support, previousVersion: 'e2e-2' },
    ]);
    const status = releaseCommand(['status', 'support'], env);
    expect(status.out).toContain('released: e2e-2');
    expect(status.out).toMatch(/promote +support +\S+ -> e2e-2/);
    // nothing left to undo
    expect(releaseCommand(['rollback', 'support'], env).out).toContain('Nothing to roll back');

    // the host's files never changed
    expect(hashTree(path.join(REPO, 'host/dist'))).toBe(hostBefore);
  } finally {
    await releases.close();
    rmSync(releasesDir, { recursive: true, force: true });
    rmSync(srcCopy, { recursive: true, force: true });
  }
});
