import type { Page } from '@playwright/test';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';

// Support (issue 12) on the production build with the real api: sending with attachments (a GraphQL
// multipart request), Sent, All and the search, a reply continuing the thread, an answer from the
// support desk (dev tool `POST /_dev/support/answers`) arriving live in another tab with the badge,
// a hostile answer that runs nothing, and an oversized file refused with the text kept. A portal of
// its own: the tests add messages to the demo's workspace.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'support' } });
test.use({ needs: ['devTools'] });

/** The app bar's Support button; its name carries the unread count (host `appBar.supportUnread`). */
const supportButton = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Support/ });

async function unreadCount(page: Page): Promise<number> {
  const name = (await supportButton(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

const badge = (page: Page, count: number) =>
  page.getByRole('banner').getByRole('link', {
    name: count === 0 ? 'Support' : `Support, ${count} unread message${count === 1 ? '' : 's'}`,
    exact: true,
  });

async function answerAsSupport(page: Page, url: string, subject: string, body: string) {
  const answer = await page.request.post(`${url}/_dev/support/answers`, {
    data: { contractUid: DEMO_CONTRACTS.cabinet, subject, body },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

async function openNewMessage(page: Page) {
  await page.getByRole('button', { name: 'New message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New message to support' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test('send with two attachments; find it in Sent, All and by a word of its body; reply in the thread @support', async ({
  page,
}) => {
  await page.goto('/support');
  await expect(page.getByText('Our support team is available 24x7.')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Inbox', selected: true })).toBeVisible();

  const dialog = await openNewMessage(page);
  // the limits are stated in the dialog
  await expect(
    dialog.getByText(
      'Up to 5 files, 10 MB each and 25 MB in total: images (PNG, JPEG, GIF, WebP), PDF, text and log files.',
    ),
  ).toBeVisible();
  // Required, from the form itself
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Required')).toHaveCount(2);
  await dialog.getByRole('textbox', { name: /^Subject/ }).fill('Disk errors on app-02');
  await dialog
    .getByRole('textbox', { name: /^Message/ })
    .fill('Since 03:10 UTC the syslog shows ext4 journal errors on the data volume.');
  await dialog.getByTestId('support-files').setInputFiles([
    {
      name: 'syslog.log',
      mimeType: 'text/plain',
      buffer: Buffer.from('kernel: EXT4-fs error (device vdb1)\n'),
    },
    {
      name: 'screenshot.png',
      mimeType: 'image/png',
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    },
  ]);
  await expect(dialog.getByText('syslog.log')).toBeVisible();
  await expect(dialog.getByText('screenshot.png')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your message was sent to support.').first()).toBeVisible();

  // the thread is open, with both files to download
  const thread = page.getByRole('article', { name: 'Disk errors on app-02' });
  await expect(thread.getByText('ext4 journal errors')).toBeVisible();
  const log = thread.getByRole('link', { name: /^Download syslog\.log/ });
  await expect(log).toBeVisible();
  await expect(thread.getByRole('link', { name: /^Download screenshot\.png/ })).toBeVisible();
  const download = await page.request.get(new URL((await log.getAttribute('href'))!, page.url()).toString());
  expect(download.headers()['content-disposition']).toContain('attachment');
  expect(await download.text()).toBe('kernel: EXT4-fs error (device vdb1)\n');

  await page.getByRole('tab', { name: 'Sent' }).click();
  await expect(page).toHaveURL(/folder=sent/);
  await expect(page.getByRole('button', { name: /Disk errors on app-02/ }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page).toHaveURL(/folder=all/);
  await expect(page.getByRole('button', { name: /Disk errors on app-02/ }).first()).toBeVisible();

  // search by a word of the body only
  await page.getByRole('searchbox', { name: 'Search messages' }).fill('journal');
  await page.getByRole('searchbox', { name: 'Search messages' }).press('Enter');
  await expect(page).toHaveURL(/q=journal/);
  const hits = page.getByRole('button', { name: /Disk errors on app-02/ });
  await expect(hits).toHaveCount(1);
  await expect(page.getByRole('button', { name: /Backup schedule/ })).toHaveCount(0);

  // reply: the same thread, one more message
  await hits.click();
  await thread.getByRole('button', { name: 'Reply' }).click();
  const reply = page.getByRole('dialog', { name: 'Reply to support' });
  await reply.getByRole('textbox', { name: /^Message/ }).fill('The errors stopped after an fsck.');
  await reply.getByRole('button', { name: 'Send' }).click();
  await expect(reply).toBeHidden();
  await expect(thread.getByText('The errors stopped after an fsck.')).toBeVisible();
  await expect(thread.getByRole('listitem').filter({ hasText: 'Demo Customer' })).toHaveCount(2);
});

test('an answer arrives live in another tab: badge, toast, Inbox; reading it lowers the badge in both tabs @compute @support', async ({
  page,
  portal,
}) => {
  await page.goto('/support');
  await expect(supportButton(page)).toBeVisible();
  const before = await unreadCount(page);
  const other = await page.context().newPage();
  await other.goto(`/workspace/${DEMO_CONTRACTS.cabinet}/dashboard`);
  await expect(badge(other, before)).toBeVisible();

  // a thread to answer
  const dialog = await openNewMessage(page);
  await dialog.getByRole('textbox', { name: /^Subject/ }).fill('Upgrade of the mail plan');
  await dialog.getByRole('textbox', { name: /^Message/ }).fill('Please upgrade us to Mail Pro.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  // the Inbox, no thread open
  await page.goto('/support?folder=inbox');
  await expect(page.getByRole('table', { name: 'Inbox' })).toBeVisible();

  await answerAsSupport(
    page,
    portal.url,
    'Upgrade of the mail plan',
    '<p>Done: you now have <b>Mail Pro</b>.</p>',
  );
  await expect(badge(page, before + 1)).toBeVisible();
  await expect(badge(other, before + 1)).toBeVisible();
  await expect(other.getByText('New answer from support: Upgrade of the mail plan').first()).toBeVisible();
  const row = page.getByRole('button', { name: /^Unread: Upgrade of the mail plan/ });
  await expect(row).toBeVisible();

  await row.click();
  await expect(
    page.getByRole('article', { name: 'Upgrade of the mail plan' }).getByText('Done: you now have'),
  ).toBeVisible();
  await expect(badge(page, before)).toBeVisible();
  await expect(badge(other, before)).toBeVisible();
  await other.close();
});

test('a hostile answer runs nothing: no script, no handler, no javascript: link @support', async ({
  page,
  portal,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto('/support');
  const dialog = await openNewMessage(page);
  await dialog.getByRole('textbox', { name: /^Subject/ }).fill('Odd characters in the panel');
  await dialog
    .getByRole('textbox', { name: /^Message/ })
    .fill('<script>alert("customer")</script> shows as text?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  const thread = page.getByRole('article', { name: 'Odd characters in the panel' });
  // the customer's own text is text
  await expect(thread.getByText('<script>alert("customer")</script> shows as text?')).toBeVisible();

  await answerAsSupport(
    page,
    portal.url,
    'Odd characters in the panel',
    '<p>Please look <img src=x onerror=alert(1)> at <a href="javascript:alert(2)">this link</a> and <a href="https://docs.example.com/panel">the guide</a>.</p><script>alert(3)</script>',
  );
  const answer = thread.getByTestId('support-answer');
  await expect(answer).toBeVisible();
  await expect(answer).toContainText('Please look at this link and the guide.');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await expect(page.locator('[onerror]')).toHaveCount(0);
  await expect(answer.locator('script')).toHaveCount(0);
  const guide = answer.getByRole('link', { name: 'the guide' });
  await expect(guide).toHaveAttribute('target', '_blank');
  await expect(guide).toHaveAttribute('rel', 'noopener noreferrer');
  const neutralised = answer.getByText('this link');
  expect(await neutralised.getAttribute('href')).toBeNull();
  await neutralised.click();
  expect(dialogs).toEqual([]);
});

test('an oversized file is refused with the limit named, and the typed text is kept @support', async ({
  page,
}) => {
  await page.goto('/support');
  const dialog = await openNewMessage(page);
  await dialog.getByRole('textbox', { name: /^Subject/ }).fill('Core dump of the crash');
  await dialog
    .getByRole('textbox', { name: /^Message/ })
    .fill('The service crashed at 04:00, the dump is attached.');
  await dialog.getByTestId('support-files').setInputFiles({
    name: 'core.log',
    mimeType: 'text/plain',
    buffer: Buffer.alloc(10_000_001, 0x61),
  });
  await expect(dialog.getByText('"core.log" is larger than 10 MB, the limit per file.')).toBeVisible();
  await expect(dialog.getByText('core.log', { exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('textbox', { name: /^Subject/ })).toHaveValue('Core dump of the crash');
  await expect(dialog.getByRole('textbox', { name: /^Message/ })).toHaveValue(
    'The service crashed at 04:00, the dump is attached.',
  );
  // a file type support does not take
  await dialog.getByTestId('support-files').setInputFiles({
    name: 'setup.exe',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from('MZ'),
  });
  await expect(
    dialog.getByText(
      '"setup.exe" is not a file type support takes: images (PNG, JPEG, GIF, WebP), PDF, text and log files (.txt, .log).',
    ),
  ).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: /^Message/ })).toHaveValue(
    'The service crashed at 04:00, the dump is attached.',
  );
});
