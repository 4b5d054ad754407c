import type { Page } from '@playwright/test';
import { DEMO_INSTANCES } from '../../api/src/db/demo';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';

// Network and firewall of an instance on the production build with the real api: a rule with a bad
// CIDR is refused naming its field and nothing is saved, a good one is listed and opens SSH to the
// internet; reverse DNS is edited; the firewall's dropped packets arrive live. A portal of its own:
// it changes web-1's firewall and reverse DNS.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'compute-network' } });
test.use({ needs: ['devTools'] });

const CAB = DEMO_CONTRACTS.cabinet;
const WEB = DEMO_INSTANCES.web1.uid;
const details = (tab: 'network' | 'firewall') => `/workspace/${CAB}/instance/vm/${WEB}/${tab}`;
const BAD_CIDR =
  'Enter a valid IPv4 or IPv6 address or CIDR, e.g. 203.0.113.0/24 ("10.0.0.300/8" is not one).';

// biome-ignore lint/suspicious/noExplicitAny: answers are read freely; their shape is what is asserted.
async function gql(page: Page, baseURL: string, query: string, variables = {}): Promise<any> {
  const cookies = await page.context().cookies(baseURL);
  const csrf = cookies.find((c) => c.name === 'csrftoken')?.value ?? '';
  const response = await page.context().request.post(`${baseURL}/api/`, {
    data: { query, variables },
    headers: { 'X-CSRFToken': csrf },
  });
  expect(response.status()).toBe(200);
  return response.json();
}

const RULES = `query ($c: String!, $u: String!) {
  instance(contractUid: $c, uid: $u) { network { firewall { rules { ports addresses description } } } } }`;
const rulesOf = async (page: Page, baseURL: string) =>
  (await gql(page, baseURL, RULES, { c: CAB, u: WEB })).data.instance.network.firewall.rules;

test('a firewall rule with a bad CIDR is refused naming the field, a good one opens SSH @compute', async ({
  page,
  portal,
}) => {
  await page.goto(details('firewall'));
  const ssh = page.getByTestId('service-22');
  await expect(ssh).toContainText('Restricted');
  const inbound = page.getByRole('table', { name: 'Inbound rules' });
  await expect(inbound.getByRole('row')).toHaveCount(5); // header and the 4 demo rules
  const before = await rulesOf(page, portal.url);

  await page.getByRole('button', { name: 'Add rule (Inbound)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add rule' });
  await dialog.getByRole('textbox', { name: 'Ports' }).fill('22');
  const sources = dialog.getByRole('textbox', { name: 'Sources' });
  await sources.fill('0.0.0.0/0\n10.0.0.300/8');
  await dialog.getByRole('textbox', { name: 'Description' }).fill('SSH for all');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog.getByText(BAD_CIDR)).toBeVisible();
  await expect(sources).toHaveAttribute('aria-invalid', 'true');
  expect(await rulesOf(page, portal.url)).toEqual(before);

  // the api refuses the same on its own, naming the field, and saves nothing
  const refused = await gql(
    page,
    portal.url,
    `mutation ($c: String!, $u: String!, $r: FirewallRuleInput!) {
      addFirewallRule(contractUid: $c, instanceUid: $u, rule: $r) { uid } }`,
    {
      c: CAB,
      u: WEB,
      r: {
        direction: 'INBOUND',
        protocol: 'TCP',
        ports: '22',
        addresses: ['10.0.0.300/8'],
        action: 'ACCEPT',
      },
    },
  );
  expect(
    refused.errors.map((e: { message: string; extensions: { field: string } }) => [
      e.message,
      e.extensions.field,
    ]),
  ).toEqual([[BAD_CIDR, 'addresses']]);
  expect(await rulesOf(page, portal.url)).toEqual(before);

  await sources.fill('0.0.0.0/0, ::/0');
  await dialog.getByRole('button', { name: 'Add rule' }).click();
  await expect(dialog).toBeHidden();
  const added = inbound.getByRole('row').nth(5);
  await expect(added).toContainText('SSH for all');
  await expect(added).toContainText('Anywhere');
  await expect(ssh).toContainText('Open');
  expect((await rulesOf(page, portal.url)).at(-1)).toEqual({
    ports: '22',
    addresses: ['0.0.0.0/0', '::/0'],
    description: 'SSH for all',
  });
});

test('dropped packets arrive live over the socket @compute', async ({ page, portal }) => {
  await page.goto(details('firewall'));
  const dropped = page.getByTestId('dropped-packets');
  await expect(dropped).toHaveText(/^\d{1,3}(,\d{3})*$/);
  const first = await dropped.textContent();
  // web-1 drops the internet's background (telnet, RDP, … scanners); a tick publishes networkChanged
  await expect(async () => {
    const tick = await page.context().request.post(`${portal.url}/_dev/compute/network/tick`);
    expect(tick.status()).toBe(200);
    await expect(dropped).not.toHaveText(first ?? '', { timeout: 1000 });
  }).toPass({ intervals: [500, 1000, 2000], timeout: 20_000 });
});

test('reverse DNS of a public address is edited; a bad name is refused on the field @compute', async ({
  page,
}) => {
  await page.goto(details('network'));
  const addresses = page.getByRole('table', { name: 'Addresses' });
  const ipv4 = addresses.getByRole('row').nth(1);
  await expect(ipv4).toContainText('web-1.shop.example.com');
  await expect(ipv4).toContainText('Public');
  await expect(addresses.getByRole('row').nth(3)).toContainText('Private');
  const address = (await ipv4.getByRole('cell').first().textContent())?.trim() ?? '';
  await page.getByRole('button', { name: `Edit reverse DNS of ${address}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reverse DNS of ${address}` });
  const name = dialog.getByRole('textbox', { name: 'Host name' });
  await name.fill('www shop');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText(
      'Enter a host name such as mail.example.com: labels of letters, digits and hyphens separated by dots, up to 253 characters.',
    ),
  ).toBeVisible();
  await name.fill('www.shop.example.com');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(ipv4).toContainText('www.shop.example.com');
  await page.reload();
  await expect(page.getByRole('table', { name: 'Addresses' }).getByRole('row').nth(1)).toContainText(
    'www.shop.example.com',
  );
});
