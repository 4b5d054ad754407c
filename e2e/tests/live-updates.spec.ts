import type { APIResponse, Page } from '@playwright/test';
import { OTHER_USER } from '../../api/src/db/demo';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS, DEMO_USER } from '../support/identity';

// Live updates over /ws/api/ driven by the api's dev endpoints (PORTAL_DEV_TOOLS=1). A portal of
// its own: the unread test changes what the seeded answers' reader has read.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'live-updates' } });
test.use({ needs: ['devTools'] });

const DASHBOARD = `/workspace/${DEMO_CONTRACTS.cabinet}/dashboard`;

/** The app bar's Support button; its name carries the unread count (host `appBar.supportUnread`). */
const supportButton = (page: Page, name: string) =>
  page.getByRole('banner').getByRole('link', { name, exact: true });

/** Marks the document: still set later means the page was never reloaded. */
const markNoReload = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });
const wasNotReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload === true);

async function ok(response: Promise<APIResponse>) {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(200);
  return answer;
}

/**
 * Publishes until the page shows it: the host subscribes a moment after the page is up, and an
 * event published before the server has the subscription reaches nobody.
 */
async function publishUntil(publish: () => Promise<unknown>, shown: () => Promise<void>) {
  await expect(async () => {
    await publish();
    await shown();
  }).toPass({ intervals: [250, 500, 1000], timeout: 20_000 });
}

/** Seeded threads of Nordwind Cloud (`api/src/support/seed.ts`): three with an unread answer, one read. */
const UNREAD_THREADS = [1, 2, 3].map((n) => `5eed0000-0000-4000-8000-5101${n.toString(16).padStart(8, '0')}`);
const READ_THREAD = '5eed0000-0000-4000-8000-510100000004';

test("the Support button's unread badge follows the workspace's unread answers live @compute @support @shell", async ({
  page,
  portal,
}) => {
  /** A mutation as the signed-in page would send it (session cookie, X-CSRFToken). */
  const mutate = async (query: string, uid: string) => {
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const answer = await ok(
      page.request.post(`${portal.url}/api/`, {
        data: { query, variables: { uid } },
        headers: { 'X-CSRFToken': csrf },
      }),
    );
    expect((await answer.json()).errors).toBeUndefined();
  };
  const markUnread = (uid: string) =>
    mutate('mutation ($uid: ID!) { markSupportThreadUnread(uid: $uid) { uid } }', uid);
  const markRead = (uid: string) =>
    mutate('mutation ($uid: ID!) { markSupportThreadRead(uid: $uid) { uid } }', uid);

  await page.goto(DASHBOARD);
  // the seeded 3 unread answers of Nordwind Cloud
  const seeded = supportButton(page, 'Support, 3 unread messages');
  await expect(seeded).toBeVisible();
  await expect(seeded).toHaveText('3');
  await markNoReload(page);

  // marking a read thread unread (idempotent, so it can be repeated until the subscription is up)
  const four = supportButton(page, 'Support, 4 unread messages');
  await publishUntil(
    () => markUnread(READ_THREAD),
    () => expect(four).toBeVisible({ timeout: 1000 }),
  );
  await expect(four).toHaveText('4');

  // the subscription is up now: each further change arrives by itself; a new answer from support
  await ok(
    page.request.post(`${portal.url}/_dev/support/answers`, {
      data: { threadUid: READ_THREAD, body: '<p>One more thing: the backup window is confirmed.</p>' },
    }),
  );
  await expect(supportButton(page, 'Support, 5 unread messages')).toHaveText('5');

  await markRead(READ_THREAD);
  await markRead(UNREAD_THREADS[0]!);
  await markRead(UNREAD_THREADS[1]!);
  const one = supportButton(page, 'Support, 1 unread message');
  await expect(one).toBeVisible();
  await expect(one).toHaveText('1');

  // none unread: the plain button, no badge
  await markRead(UNREAD_THREADS[2]!);
  const plain = supportButton(page, 'Support');
  await expect(plain).toBeVisible();
  await expect(plain).toHaveText('');
  await expect(page.getByRole('banner').getByRole('link', { name: /unread/ })).toHaveCount(0);

  expect(await wasNotReloaded(page)).toBe(true);

  // stored, not only pushed: a reload reads the same count
  await markUnread(UNREAD_THREADS[0]!);
  await expect(supportButton(page, 'Support, 1 unread message')).toBeVisible();
  await page.reload();
  await expect(supportButton(page, 'Support, 1 unread message')).toHaveText('1');
});

test('a notification published to the user appears as a toast @billing @compute @support @shell', async ({
  page,
  portal,
}) => {
  const notify = (email: string, message: string) =>
    ok(
      page.request.post(`${portal.url}/_dev/users/notify`, {
        data: { email, type: 'success', message },
      }),
    );
  // what reaches the page over /ws/api/
  const received: string[] = [];
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/ws/api/')) return;
    socket.on('framereceived', ({ payload }) => received.push(String(payload)));
  });

  await page.goto(DASHBOARD);
  // the shell is up (whatever the unread count the other test left)
  await expect(page.getByRole('banner').getByRole('link', { name: /^Support/ })).toBeVisible();
  await markNoReload(page);

  const paid = 'Payment of €40.00 received for Nordwind Cloud';
  // Fluent repeats a toast's text in a screen-reader live region: the first is the toast
  await publishUntil(
    () => notify(DEMO_USER, paid),
    () => expect(page.getByText(paid).first()).toBeVisible({ timeout: 1000 }),
  );
  expect(received.some((frame) => frame.includes(paid))).toBe(true);

  // Another user's notification never reaches this page: published before a second one of demo's,
  // on the same in-order server, it would have arrived first.
  const notYours = 'A notification for another customer';
  const second = 'Your virtual machine web-1 is running';
  await notify(OTHER_USER.email, notYours);
  await notify(DEMO_USER, second);
  await expect(page.getByText(second).first()).toBeVisible();
  await expect(page.getByText(notYours)).toHaveCount(0);
  expect(received.some((frame) => frame.includes(notYours))).toBe(false);

  expect(await wasNotReloaded(page)).toBe(true);
});
