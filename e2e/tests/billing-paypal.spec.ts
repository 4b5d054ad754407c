import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { dialog, topUp } from '../support/billingUi';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS } from '../support/identity';
import { e2ePort } from '../support/ports';

// Real PayPal's path on the production build, with PayPal's hosts replaced (unreachable here): the
// api's PayPal driver (the official server SDK) talks to a small fake of PayPal's REST endpoints in
// this worker (PAYPAL_API_BASE_URL), and PayPal's JS SDK (www.paypal.com/sdk/js) is answered by a
// stub whose button does what PayPal's popup does: createOrder, then onApprove or onCancel. A portal
// of its own (PayPal configured); the tests change demo's money and run in order.

const FAKE_PORT = e2ePort(40);
let fake: Server;
const orders = new Map<
  string,
  { body: { purchase_units: { amount: unknown; custom_id: string }[] }; captured: boolean }
>();
let n = 0;

test.beforeAll(async () => {
  fake = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const url = request.url ?? '';
      if (url === '/v1/oauth2/token')
        return send(200, { access_token: 'A21-e2e', token_type: 'Bearer', expires_in: 32400 });
      const orderJson = (id: string) => {
        const order = orders.get(id)!;
        const unit = order.body.purchase_units[0]!;
        return {
          id,
          status: order.captured ? 'COMPLETED' : 'PAYER_ACTION_REQUIRED',
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
          links: [{ rel: 'payer-action', href: `https://www.sandbox.paypal.com/checkoutnow?token=${id}` }],
        };
      };
      if (request.method === 'POST' && url === '/v2/checkout/orders') {
        const id = `5OE2E${String(++n).padStart(12, '0')}`;
        orders.set(id, { body: JSON.parse(raw), captured: false });
        return send(201, orderJson(id));
      }
      const capture = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(url);
      if (capture && orders.has(capture[1]!)) {
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
    PORTAL_E2E_SUITE: 'billing-paypal',
    PAYPAL_CLIENT_ID: 'e2e-paypal-client-id',
    PAYPAL_CLIENT_SECRET: 'e2e-paypal-secret',
    PAYPAL_WEBHOOK_ID: 'WH-E2E',
    PAYPAL_API_BASE_URL: `http://127.0.0.1:${FAKE_PORT}`,
  },
});

/** PayPal's JS SDK as a stub: `paypal.Buttons(options).render(container)` draws two buttons. */
const PAYPAL_SDK_STUB = `
window.paypal = {
  version: '5.0.0-e2e',
  Buttons(options) {
    return {
      isEligible: () => true,
      close: () => Promise.resolve(),
      render(container) {
        const root = typeof container === 'string' ? document.querySelector(container) : container;
        const pay = document.createElement('button');
        pay.type = 'button';
        pay.textContent = 'PayPal (stub): approve';
        pay.onclick = async () => {
          const orderID = await options.createOrder({}, {});
          await options.onApprove({ orderID }, {});
        };
        const cancel = document.createElement('button');
        cancel.type = 'button';
        cancel.textContent = 'PayPal (stub): close window';
        cancel.onclick = async () => {
          const orderID = await options.createOrder({}, {});
          options.onCancel({ orderID });
        };
        root.append(pay, cancel);
        return Promise.resolve();
      },
    };
  },
};`;

const CAB = DEMO_CONTRACTS.cabinet;

test.beforeEach(async ({ page }) => {
  await page.addLocatorHandler(page.getByRole('region', { name: 'Cookie notice' }), async () => {
    await page.getByRole('button', { name: 'Reject optional' }).click();
  });
  await page.route('https://www.paypal.com/sdk/js**', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: PAYPAL_SDK_STUB }),
  );
});

async function reviewPayPalTopUp(page: Page, amount: string) {
  await topUp(page, amount, 'PayPal');
  await expect(dialog(page).getByLabel('Payment summary')).toContainText(`€${amount}.00`);
}

test('PayPal configured: its buttons at the review pay through the api, the balance follows @billing @shell', async ({
  page,
}) => {
  const paypalRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('paypal')) paypalRequests.push(request.url());
  });
  await page.goto(`/workspace/${CAB}/billing`);
  const balance = page.getByTestId('billing-balance');
  await expect(balance).toHaveText(/€/);
  const before = Number((await balance.textContent())!.replace(/[€,]/g, ''));
  // nothing of PayPal before it is chosen: the chunk and PayPal's script load at the review
  expect(paypalRequests).toEqual([]);

  await reviewPayPalTopUp(page, '20');
  await expect(dialog(page).getByRole('button', { name: 'Continue to PayPal' })).toHaveCount(0);
  await expect(dialog(page)).toContainText('PayPal opens in a window');
  // PayPal's buttons are drawn once its script (the stub here) has loaded, with our client id
  const approve = dialog(page).getByRole('button', { name: 'PayPal (stub): approve' });
  await expect(approve).toBeVisible();
  expect(paypalRequests.find((url) => url.startsWith('https://www.paypal.com/sdk/js?'))).toContain(
    'client-id=e2e-paypal-client-id',
  );

  await approve.click();
  await expect(dialog(page).getByText('Payment received')).toBeVisible();
  // the order the api created: the amount as a decimal string in the workspace currency
  const order = [...orders.values()].at(-1)!;
  expect(order.body.purchase_units[0]).toMatchObject({ amount: { currency_code: 'EUR', value: '20.00' } });
  expect(order.captured).toBe(true);
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  const after = (before + 20).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(balance).toHaveText(`€${after}`);
  await expect(page.getByRole('region', { name: 'Credit balance' })).toContainText(`€${after}`);
});

test('PayPal configured: closing PayPal’s window cancels, nothing charged @billing @shell', async ({
  page,
}) => {
  await page.goto(`/workspace/${CAB}/billing`);
  await reviewPayPalTopUp(page, '15');
  await dialog(page).getByRole('button', { name: 'PayPal (stub): close window' }).click();
  await expect(dialog(page)).toContainText('Payment canceled');
  await expect(dialog(page)).toContainText(
    'You canceled the PayPal payment of €15.00. Nothing was charged and nothing changed.',
  );
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  // no pending payment left behind
  await expect(page.getByText('A payment is not finished')).toHaveCount(0);
});
