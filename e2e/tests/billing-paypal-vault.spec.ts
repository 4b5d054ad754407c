import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { dialog, topUp } from '../support/billingUi';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';
import { e2ePort } from '../support/ports';

// PayPal Vault v3 and PayPal's full-page return on the production build, PayPal's hosts replaced
// (unreachable here): the api's PayPal driver talks to a small fake of PayPal's REST endpoints in
// this worker (PAYPAL_API_BASE_URL: OAuth, Orders v2, Vault v3 setup and payment tokens), and
// PayPal's JS SDK is a stub whose buttons do what PayPal's popup does (createVaultSetupToken →
// onApprove({ vaultSetupToken }); createOrder → PayPal's own page). A portal of its own (PayPal
// configured); the tests change demo's money and methods and run in order.

const FAKE_PORT = e2ePort(42);
let fake: Server;
// biome-ignore lint/suspicious/noExplicitAny: PayPal's JSON, read field by field
type Json = Record<string, any>;
const orders = new Map<string, { body: Json; approved: boolean; captured: boolean }>();
const setupTokens = new Map<string, Json>();
const paymentTokens = new Map<string, Json>();
const deleted: string[] = [];
let n = 0;

test.beforeAll(async () => {
  fake = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const send = (status: number, body?: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(body === undefined ? '' : JSON.stringify(body));
      };
      const url = request.url ?? '';
      if (url === '/v1/oauth2/token')
        return send(200, { access_token: 'A21-e2e', token_type: 'Bearer', expires_in: 32400 });
      if (request.method === 'POST' && url === '/v3/vault/setup-tokens') {
        const id = `7GE2E${String(++n).padStart(12, '0')}`;
        setupTokens.set(id, JSON.parse(raw));
        return send(201, { id, status: 'PAYER_ACTION_REQUIRED', links: [] });
      }
      if (request.method === 'POST' && url === '/v3/vault/payment-tokens') {
        const setup = JSON.parse(raw).payment_source.token.id as string;
        if (!setupTokens.has(setup)) return send(422, { name: 'UNPROCESSABLE_ENTITY' });
        const id = `8KE2E${String(++n).padStart(10, '0')}`;
        const json = {
          id,
          customer: { id: 'CUSTE2E1' },
          payment_source: {
            paypal: {
              email_address: 'vault-buyer@nordwind.example',
              payer_id: 'E2EPAYER1',
              address: { country_code: 'AT' },
            },
          },
        };
        paymentTokens.set(id, json);
        return send(201, json);
      }
      const token = /^\/v3\/vault\/payment-tokens\/([A-Z0-9]+)$/.exec(url);
      if (request.method === 'DELETE' && token) {
        deleted.push(token[1]!);
        return send(204);
      }
      const orderJson = (id: string) => {
        const order = orders.get(id)!;
        const unit = order.body.purchase_units[0]!;
        return {
          id,
          status: order.captured ? 'COMPLETED' : order.approved ? 'APPROVED' : 'PAYER_ACTION_REQUIRED',
          purchase_units: [
            {
              ...unit,
              ...(order.captured
                ? {
                    payments: {
                      captures: [
                        {
                          id: `CAP${id}`,
                          status: 'COMPLETED',
                          amount: unit.amount,
                          custom_id: unit.custom_id,
                        },
                      ],
                    },
                  }
                : {}),
            },
          ],
          links: [{ rel: 'payer-action', href: `https://www.paypal.com/checkoutnow?token=${id}` }],
        };
      };
      if (request.method === 'POST' && url === '/v2/checkout/orders') {
        const id = `5OE2E${String(++n).padStart(12, '0')}`;
        const body = JSON.parse(raw);
        // a saved account (vault_id): completed without the buyer
        const vaulted = !!body.payment_source?.paypal?.vault_id;
        orders.set(id, { body, approved: vaulted, captured: vaulted });
        return send(201, orderJson(id));
      }
      const capture = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(url);
      if (capture && orders.get(capture[1]!)?.approved) {
        orders.get(capture[1]!)!.captured = true;
        return send(201, orderJson(capture[1]!));
      }
      const get = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(url);
      if (get && orders.has(get[1]!)) return send(200, orderJson(get[1]!));
      return send(404, { name: 'RESOURCE_NOT_FOUND' });
    });
  });
  fake.listen(FAKE_PORT, '127.0.0.1');
  await once(fake, 'listening');
});

test.afterAll(() => {
  fake?.close();
});

test.use({
  account: DEMO_ACCOUNT,
  portalEnv: {
    PORTAL_E2E_SUITE: 'billing-paypal-vault',
    PAYPAL_CLIENT_ID: 'e2e-paypal-client-id',
    PAYPAL_CLIENT_SECRET: 'e2e-paypal-secret',
    PAYPAL_WEBHOOK_ID: 'WH-E2E',
    PAYPAL_API_BASE_URL: `http://127.0.0.1:${FAKE_PORT}`,
  },
});

/**
 * PayPal's JS SDK as a stub: `paypal.Buttons(options).render(container)` draws what PayPal's popup
 * would end in: for a vault setup, approve (onApprove with the setup token) or close (onCancel); for
 * an order, the full-page way (PayPal's own page, then back to our return URL).
 */
const PAYPAL_SDK_STUB = `
window.paypal = {
  version: '5.0.0-e2e',
  Buttons(options) {
    return {
      isEligible: () => true,
      close: () => Promise.resolve(),
      render(container) {
        const root = typeof container === 'string' ? document.querySelector(container) : container;
        const button = (text, onclick) => {
          const b = document.createElement('button');
          b.type = 'button';
          b.textContent = text;
          b.onclick = onclick;
          root.append(b);
        };
        if (options.createVaultSetupToken) {
          button('PayPal (stub): agree', async () => {
            const vaultSetupToken = await options.createVaultSetupToken();
            await options.onApprove({ vaultSetupToken, orderID: '' }, {});
          });
          button('PayPal (stub): close window', async () => {
            await options.createVaultSetupToken();
            options.onCancel({});
          });
        } else {
          button('PayPal (stub): approve on PayPal’s page', async () => {
            const orderID = await options.createOrder({}, {});
            location.assign('https://www.paypal.com/checkoutnow?token=' + orderID);
          });
        }
        return Promise.resolve();
      },
    };
  },
};`;

const CAB = DEMO_CONTRACTS.cabinet;
const BILLING = `/workspace/${CAB}/billing`;

test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie notice' }), async () => {
    await page.getByRole('button', { name: 'Reject optional' }).click();
  });
  await page.route('https://www.paypal.com/sdk/js**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: PAYPAL_SDK_STUB }),
  );
  // PayPal's own approval page: the buyer approves, PayPal sends the browser back to the order's
  // return URL with its token and PayerID
  await page.route('https://www.paypal.com/checkoutnow**', (route) => {
    const id = new URL(route.request().url()).searchParams.get('token')!;
    const order = orders.get(id)!;
    order.approved = true;
    const back = new URL(order.body.payment_source.paypal.experience_context.return_url);
    back.searchParams.set('token', id);
    back.searchParams.set('PayerID', 'E2EPAYER1');
    return route.fulfill({ status: 302, headers: { location: back.href } });
  });
});

const balanceOf = async (text: string | null) => Number(text!.replace(/[€,]/g, ''));
const eur = (value: number) => `€${value.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

test('Connect PayPal with PayPal keys: saved through PayPal’s vault, pays without approval, removal deletes it at PayPal @billing @shell', async ({
  page,
}) => {
  await page.goto(`${BILLING}/payment-methods`);
  const list = page.getByRole('list', { name: 'Payment methods' });
  await expect(list.getByRole('listitem', { name: 'Visa •••• 4242' })).toBeVisible();

  await page.getByRole('button', { name: 'Connect PayPal' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect PayPal' });
  await expect(connect).toContainText('Nothing is charged now.');
  // closing PayPal's window: said, nothing saved
  await connect.getByRole('button', { name: 'PayPal (stub): close window' }).click();
  await expect(connect.getByRole('status')).toHaveText('Connecting PayPal was canceled. Nothing changed.');
  await connect.getByRole('button', { name: 'PayPal (stub): agree' }).click();
  await expect(connect).toBeHidden();
  const saved = list.getByRole('listitem', { name: 'PayPal vault-buyer@nordwind.example' });
  await expect(saved).toContainText('PayPal account, AT');
  // the setup token the api asked for: MERCHANT, returning to this tab
  const setup = [...setupTokens.values()].at(-1)!;
  expect(setup.payment_source.paypal).toMatchObject({
    usage_type: 'MERCHANT',
    experience_context: { return_url: expect.stringContaining(`${BILLING}/payment-methods?paypal=vaulted`) },
  });
  expect(paymentTokens.size).toBe(1);

  // pay a top-up with it: no PayPal window, Pay charges the saved account
  await page.goto(BILLING);
  const balance = page.getByTestId('billing-balance');
  await expect(balance).toHaveText(/€/);
  const before = await balanceOf(await balance.textContent());
  await topUp(page, '25', /PayPal vault-buyer@nordwind\.example/);
  await expect(dialog(page).getByRole('button', { name: /PayPal \(stub\)/ })).toHaveCount(0);
  await dialog(page).getByRole('button', { name: 'Pay €25.00' }).click();
  await expect(dialog(page).getByText('Payment received')).toBeVisible();
  const order = [...orders.values()].at(-1)!;
  expect(order.body.payment_source).toEqual({ paypal: { vault_id: [...paymentTokens.keys()][0] } });
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(balance).toHaveText(eur(before + 25));

  // removed: deleted at PayPal too
  await page.goto(`${BILLING}/payment-methods`);
  await saved.getByRole('button', { name: 'Actions for PayPal vault-buyer@nordwind.example' }).click();
  await page.getByRole('menuitem', { name: 'Remove' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove payment method?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  // the dialog stays open (the page behind it hidden) until the api has answered
  await expect(confirm).toBeHidden();
  await expect(saved).toHaveCount(0);
  expect(deleted).toEqual([...paymentTokens.keys()]);
});

test('PayPal approved on PayPal’s own page: back in the portal the payment is captured and received, no Resume @billing @shell', async ({
  page,
}) => {
  await page.goto(BILLING);
  const balance = page.getByTestId('billing-balance');
  await expect(balance).toHaveText(/€/);
  const before = await balanceOf(await balance.textContent());
  await topUp(page, '12', 'PayPal');
  await dialog(page).getByRole('button', { name: 'PayPal (stub): approve on PayPal’s page' }).click();
  // back from PayPal: the notice says it is paid, without pressing Resume
  await expect(page.getByRole('status').filter({ hasText: 'Payment received' })).toContainText('€12.00');
  // the URL cleaned of PayPal's parameters: a reload announces nothing again
  await expect(page).not.toHaveURL(/PayerID|token=/);
  await expect(balance).toHaveText(eur(before + 12));
  await expect(page.getByRole('button', { name: 'Resume' })).toHaveCount(0);
  expect([...orders.values()].at(-1)!.captured).toBe(true);
});
