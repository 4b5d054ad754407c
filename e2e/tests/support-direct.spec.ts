import type { APIResponse, Page } from '@playwright/test';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';

// The Support button follows `me.env.unreadDirectMessages` live: unread answers to the user's own
// messages in another workspace than the current one show as a dot (its meaning in the button's
// tooltip and description), moved by `meChanged` over /ws/api/, never by a reload or polling. A
// portal of its own: the test changes what demo has read.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'support-direct' } });

const ELSEWHERE = 'Unread answers to your messages in another workspace';
/** Bright Webshop: demo's one thread there is read; Alpha Web Hosting's answer is not (the seed). */
const WEBSHOP = `/workspace/${DEMO_CONTRACTS.webshop}/dashboard`;
const ALPHA_SUBJECT = 'Domain transfer of alpha-media.example';

const supportButton = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: 'Support', exact: true });

async function ok(response: Promise<APIResponse>) {
  const answer = await response;
  expect(answer.status(), await answer.text()).toBe(200);
  return answer;
}

test('@support the Support button shows unread answers of another workspace as a dot, live', async ({
  page,
  portal,
}) => {
  /** GraphQL as the signed-in page sends it (session cookie, X-CSRFToken). */
  const call = async (query: string, variables: Record<string, unknown>) => {
    const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
    const answer = await ok(
      page.request.post(`${portal.url}/api/`, {
        data: { query, variables },
        headers: { 'X-CSRFToken': csrf },
      }),
    );
    const body = await answer.json();
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  const unreadThreads = async (contractUid: string): Promise<string[]> => {
    const data = await call(
      'query ($c: String!) { supportMessages(contractUid: $c, folder: INBOX, first: 100) { items { threadUid unread } } }',
      { c: contractUid },
    );
    return data.supportMessages.items
      .filter((item: { unread: boolean }) => item.unread)
      .map((item: { threadUid: string }) => item.threadUid);
  };
  const markRead = (uid: string) =>
    call('mutation ($uid: ID!) { markSupportThreadRead(uid: $uid) { uid } }', { uid });
  const markUnread = (uid: string) =>
    call('mutation ($uid: ID!) { markSupportThreadUnread(uid: $uid) { uid } }', { uid });

  // seeded: Nordwind Cloud's 3 and Alpha Web Hosting's 1 unread answers, all to demo's own messages
  await page.goto(WEBSHOP);
  const button = supportButton(page);
  await expect(button).toHaveAttribute('title', ELSEWHERE);
  await expect(button).toHaveAccessibleDescription(ELSEWHERE);
  await expect(button).toHaveText('');

  // everything read (elsewhere, through the api): after a reload, the plain button
  const [alphaThread] = await unreadThreads(DEMO_CONTRACTS.legacy);
  expect(alphaThread).toBeDefined();
  for (const uid of [...(await unreadThreads(DEMO_CONTRACTS.cabinet)), alphaThread!]) await markRead(uid);
  await page.reload();
  await expect(button).toBeVisible();
  await expect(button).not.toHaveAttribute('title', /./);
  await page.evaluate(() => {
    (window as unknown as { noReload: boolean }).noReload = true;
  });

  // Alpha's answer unread again in another tab: the dot appears by itself. Marking unread is
  // idempotent, so it is repeated until the page's subscription is up (an event published before
  // the server has the subscription reaches nobody)
  await expect(async () => {
    await markUnread(alphaThread!);
    await expect(button).toHaveAttribute('title', ELSEWHERE, { timeout: 1000 });
  }).toPass({ intervals: [250, 500, 1000], timeout: 20_000 });

  // read: the dot goes
  await markRead(alphaThread!);
  await expect(button).not.toHaveAttribute('title', /./);
  // a new answer from support to demo's thread in Alpha: the dot comes back (and a toast tells)
  await ok(
    page.request.post(`${portal.url}/_dev/support/answers`, {
      data: {
        contractUid: DEMO_CONTRACTS.legacy,
        subject: ALPHA_SUBJECT,
        body: '<p>The transfer is done.</p>',
      },
    }),
  );
  await expect(button).toHaveAttribute('title', ELSEWHERE);
  await expect(
    page.locator('.fui-ToastTitle', { hasText: `New answer from support: ${ALPHA_SUBJECT}` }),
  ).toBeVisible();
  // Bright Webshop itself has nothing unread: no number
  await expect(page.getByRole('banner').getByRole('link', { name: /unread/ })).toHaveCount(0);

  expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload === true)).toBe(
    true,
  );
});
