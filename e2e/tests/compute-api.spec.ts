import type { Page } from '@playwright/test';
import { DEMO_INSTANCES, OTHER_INSTANCES } from '../../api/src/db/demo';
import { DEMO_ACCOUNT, expect, test } from '../support/fixtures';
import { DEMO_CONTRACTS, OTHER_CONTRACT_UID } from '../support/identity';

// The compute api on the production build, as the e2e portal runs it (PORTAL_COMPUTE_SIM_SPEED=4):
// a deployment becomes ACTIVE within seconds, the dev tool makes an action fail, another customer's
// workspace is refused. A portal of its own: it changes the demo instances.
test.use({ account: DEMO_ACCOUNT, portalEnv: { PORTAL_E2E_SUITE: 'compute-api' } });
test.use({ needs: ['devTools'] });

const CAB = DEMO_CONTRACTS.cabinet;

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

const STATE = 'uid name status pendingAction lastError allowedActions';
const ONE = `query ($c: String!, $u: String!) { instance(contractUid: $c, uid: $u) { ${STATE} } }`;

test('deploys until ACTIVE, a forced failure says why, another customer is refused @auth @compute', async ({
  page,
  portal,
}) => {
  const list = await gql(page, portal.url, `query ($c: String!) { instances(contractUid: $c) { name } }`, {
    c: CAB,
  });
  expect(list.data.instances.map((i: { name: string }) => i.name).sort()).toEqual(
    Object.values(DEMO_INSTANCES)
      .map((i) => i.name)
      .sort(),
  );

  const created = await gql(
    page,
    portal.url,
    `mutation ($input: CreateInstanceInput!) { createInstance(input: $input) { ${STATE} } }`,
    {
      input: {
        contractUid: CAB,
        name: 'e2e-deploy',
        imageUid: 'debian-12',
        locationUid: 'rix1',
        planUid: 's-1vcpu-2gb',
        rootPassword: 'E2e-Root-Pass-1',
      },
    },
  );
  const { uid } = created.data.createInstance;
  expect(created.data.createInstance).toMatchObject({ status: 'INSTALLING', allowedActions: ['DELETE'] });
  await expect
    .poll(async () => (await gql(page, portal.url, ONE, { c: CAB, u: uid })).data.instance.status, {
      timeout: 20_000,
    })
    .toBe('ACTIVE');

  const fail = await page.request.post(`${portal.url}/_dev/compute/instances/${uid}/fail-next`);
  expect(fail.status()).toBe(200);
  const stop = await gql(
    page,
    portal.url,
    `mutation ($c: String!, $u: String!) { instanceAction(contractUid: $c, uid: $u, action: STOP) { ${STATE} } }`,
    { c: CAB, u: uid },
  );
  expect(stop.data.instanceAction).toMatchObject({ status: 'ACTIVE', pendingAction: 'STOP' });
  await expect
    .poll(async () => (await gql(page, portal.url, ONE, { c: CAB, u: uid })).data.instance.lastError, {
      timeout: 20_000,
    })
    .toMatch(/^Stop failed/);

  const refused = await gql(page, portal.url, ONE, {
    c: OTHER_CONTRACT_UID,
    u: OTHER_INSTANCES.otherWeb.uid,
  });
  expect(refused.errors[0].message).toBe('You do not have permission to perform this action');
  expect(DEMO_INSTANCES.web1.name).toBe('web-1');
});
