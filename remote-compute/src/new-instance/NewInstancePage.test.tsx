import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { computeClient, instance, typedInstance } from '../test/computeClient';
import { portalWorkspace, renderPage } from '../test/renderPage';
import NewInstancePage from './NewInstancePage';
import { SAVED_CONFIGURATION_KEY } from './savedConfiguration';

const price = (currency: string, monthly: string, hourly: string) => ({
  __typename: 'PlanPrice',
  currency,
  monthly,
  hourly,
});
const CATALOG = {
  __typename: 'Query',
  computeCatalog: {
    __typename: 'ComputeCatalog',
    images: [
      {
        uid: 'img-ubuntu',
        name: 'Ubuntu 24.04 LTS',
        system: 'Ubuntu 24.04 LTS',
        kind: 'OS',
        description: '',
      },
      { uid: 'img-debian', name: 'Debian 12', system: 'Debian 12', kind: 'OS', description: '' },
      {
        uid: 'img-wp',
        name: 'WordPress on Ubuntu 24.04',
        system: 'Ubuntu 24.04 LTS',
        kind: 'APPLICATION',
        description: 'A blog in minutes',
      },
    ].map((image) => ({ __typename: 'ComputeImage', ...image })),
    locations: [
      { uid: 'loc-fra', city: 'Frankfurt', country: 'DE', region: 'eu' },
      { uid: 'loc-riga', city: 'Riga', country: 'LV', region: 'eu' },
    ].map((location) => ({ __typename: 'ComputeLocation', ...location })),
    plans: [
      {
        uid: 'plan-s',
        name: 'S',
        vcpus: 1,
        memoryMb: 2048,
        diskGb: 40,
        transferTb: 1,
        prices: [price('EUR', '5.00', '0.0068'), price('USD', '5.50', '0.0075')],
      },
      {
        uid: 'plan-m',
        name: 'M',
        vcpus: 2,
        memoryMb: 4096,
        diskGb: 80,
        transferTb: 2,
        prices: [price('EUR', '10.00', '0.0137'), price('USD', '11.00', '0.0151')],
      },
    ].map((plan) => ({ __typename: 'ComputePlan', ...plan })),
  },
};
const OFFER = {
  __typename: 'Query',
  offer: {
    __typename: 'Offer',
    templateUid: 't-wp',
    image: { __typename: 'ComputeImage', uid: 'img-wp' },
    plan: { __typename: 'ComputePlan', uid: 'plan-m' },
  },
};
const catalogAnswer = () => ({ data: CATALOG });
const offerAnswer = () => ({ data: OFFER });
const createdAnswer = () => ({
  data: {
    __typename: 'Mutation',
    createInstance: typedInstance(instance('blog', { status: 'INSTALLING', allowedActions: [] })),
  },
});
const nameTakenAnswer = () => ({
  errors: [
    { message: 'The name blog is already used in this workspace.', extensions: { code: 'NAME_TAKEN' } },
  ],
  data: null,
});

const sshKey = (uid: string, name: string, type = 'ed25519', bits = 256) => ({
  __typename: 'SshKey',
  uid,
  name,
  fingerprint: `SHA256:${name.replace(/\W/g, '').padEnd(43, 'x')}`,
  type,
  bits,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const keysAnswer = () => ({
  data: { sshKeys: [sshKey('k-2', 'Office', 'rsa', 3072), sshKey('k-1', 'Laptop')] },
});

const route = '/new-instance/:service?';
function setup(
  options: {
    path?: string;
    isAuthenticated?: boolean;
    currency?: string;
    create?: () => unknown;
    addKey?: (variables: Record<string, unknown>) => unknown;
    keys?: () => unknown;
  } = {},
) {
  const api = computeClient({
    ComputeCatalog: catalogAnswer,
    Offer: offerAnswer,
    CreateInstance: options.create ?? createdAnswer,
    SshKeys: options.keys ?? keysAnswer,
    AddSshKey: options.addKey ?? (() => ({ data: { addSshKey: sshKey('k-3', 'CI') } })),
  });
  const rendered = renderPage(<NewInstancePage />, {
    path: options.path ?? '/new-instance',
    route,
    isAuthenticated: options.isAuthenticated ?? true,
    workspace: options.isAuthenticated === false ? null : portalWorkspace('C-1', options.currency ?? 'EUR'),
    graphql: api.client,
  });
  return { ...rendered, api };
}

const total = () => screen.getByTestId('summary-total').textContent;
const variablesOf = (api: ReturnType<typeof computeClient>, name: string) => {
  const call = api.fetch.mock.calls.find(([, init]) =>
    String(init?.body).includes(`"operationName":"${name}"`),
  );
  return call ? JSON.parse(String(call[1]?.body)).variables : undefined;
};

describe('NewInstancePage', () => {
  it('offers images grouped (operating systems, one-click applications), locations and plans with prices', async () => {
    setup();
    await screen.findByRole('radio', { name: /Ubuntu 24\.04 LTS/ });
    expect(screen.getByRole('heading', { name: 'Operating systems' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'One-click applications' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /WordPress on Ubuntu 24\.04/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Riga, LV (EU)' })).toBeTruthy();
    const plan = screen.getByRole('radio', { name: /^S · €5\.00\/month/ });
    expect(plan.closest('label, span')?.parentElement?.textContent).toContain(
      '1 vCPU · 2 GB RAM · 40 GB disk · 1 TB transfer · €0.0068/hour',
    );
    // the first location is chosen
    expect((screen.getByRole('radio', { name: 'Frankfurt, DE (EU)' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('validation: required fields, a host name, the portal password rule (verbatim)', async () => {
    const { user, api } = setup();
    await user.click(await screen.findByRole('button', { name: 'Deploy' }));
    // image, plan, name, root password (the first location is chosen already)
    await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(4));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'my_server');
    await user.type(screen.getByLabelText(/^Root password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(
      await screen.findByText(
        'Use letters, digits and hyphens only, not at the start or the end (up to 63 characters).',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Password must be 8+ characters, must contain at least 1 uppercase, 1 lowercase letter and 1 number',
      ),
    ).toBeTruthy();
    expect(variablesOf(api, 'CreateInstance')).toBeUndefined();
  });

  it('the summary shows the choices and the price in the workspace currency', async () => {
    const { user } = setup({ currency: 'USD' });
    await user.click(await screen.findByRole('radio', { name: /Debian 12/ }));
    expect(total()).toBe('Not chosen yet');
    await user.click(screen.getByRole('radio', { name: /^M · \$11\.00\/month/ }));
    expect(total()).toBe('$11.00/month ($0.0151/hour)');
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'db-2');
    const summary = within(screen.getByRole('group', { name: 'Summary' }));
    expect(summary.getByText('Debian 12')).toBeTruthy();
    expect(summary.getByText('Frankfurt, DE')).toBeTruthy();
    expect(summary.getByText('db-2')).toBeTruthy();
  });

  it('a template link preselects the offer’s image and plan', async () => {
    const { api } = setup({ path: '/new-instance?template_uid=t-wp' });
    const image = (await screen.findByRole('radio', { name: /WordPress on Ubuntu/ })) as HTMLInputElement;
    expect(image.checked).toBe(true);
    expect((screen.getByRole('radio', { name: /^M · / }) as HTMLInputElement).checked).toBe(true);
    expect(total()).toBe('€10.00/month (€0.0137/hour)');
    expect(variablesOf(api, 'Offer')).toEqual({ templateUid: 't-wp' });
  });

  it('Deploy creates the instance in the workspace and goes to the list', async () => {
    const { user, api, portal, location } = setup({ path: '/new-instance?template_uid=t-wp' });
    await screen.findByRole('radio', { name: /WordPress on Ubuntu/ });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'blog');
    await user.type(screen.getByLabelText(/^Root password/), 'Sturdy-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(location()).toBe('/workspace/C-1/dashboard/instances'));
    expect(variablesOf(api, 'CreateInstance')).toEqual({
      input: {
        contractUid: 'C-1',
        name: 'blog',
        imageUid: 'img-wp',
        locationUid: 'loc-fra',
        planUid: 'plan-m',
        rootPassword: 'Sturdy-Pass-1',
        sshKeyUids: [],
      },
    });
    expect(portal.notify).toHaveBeenCalledWith({ type: 'success', message: 'blog is being installed.' });
  });

  it('with an SSH key chosen the root password is optional; Deploy sends the keys', async () => {
    const { user, api, location } = setup({ path: '/new-instance?template_uid=t-wp' });
    await screen.findByRole('radio', { name: /WordPress on Ubuntu/ });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'blog');
    const laptop = await screen.findByRole('checkbox', { name: /Laptop/ });
    expect(screen.getByText(/^rsa 3072 · SHA256:Office/)).toBeTruthy();
    await user.click(laptop);
    expect(screen.getByText(/Optional: an SSH key is chosen\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(location()).toBe('/workspace/C-1/dashboard/instances'));
    expect(variablesOf(api, 'CreateInstance').input).toMatchObject({
      rootPassword: null,
      sshKeyUids: ['k-1'],
    });
  });

  it('Add SSH key: a dialog right here; a refusal on its field; the new key is chosen', async () => {
    let calls = 0;
    const { user, api, portal } = setup({
      keys: () =>
        calls < 2
          ? keysAnswer()
          : {
              data: {
                sshKeys: [sshKey('k-3', 'CI'), sshKey('k-2', 'Office', 'rsa', 3072), sshKey('k-1', 'Laptop')],
              },
            },
      addKey: () =>
        calls++ === 0
          ? {
              data: null,
              errors: [
                {
                  message: 'This RSA key has 1024 bits: RSA keys need at least 2048 bits.',
                  extensions: { code: 'INVALID_SSH_KEY', field: 'publicKey' },
                },
              ],
            }
          : { data: { addSshKey: sshKey('k-3', 'CI') } },
    });
    await user.click(await screen.findByRole('button', { name: 'Add SSH key' }));
    // jsdom runs no motion: Fluent leaves the surface aria-hidden, so look into hidden elements too
    const hidden = { hidden: true } as const;
    const dialog = within(await screen.findByRole('dialog', hidden));
    await user.type(dialog.getByRole('textbox', { name: /^Name/, ...hidden }), 'CI');
    await user.type(dialog.getByRole('textbox', { name: /^Public key/, ...hidden }), 'ssh-rsa AAAA old');
    await user.click(dialog.getByRole('button', { name: 'Add key', ...hidden }));
    expect(
      await dialog.findByText('This RSA key has 1024 bits: RSA keys need at least 2048 bits.'),
    ).toBeTruthy();
    expect((dialog.getByRole('textbox', { name: /^Name/, ...hidden }) as HTMLInputElement).value).toBe('CI');
    await user.click(dialog.getByRole('button', { name: 'Add key', ...hidden }));
    await waitFor(() => expect(screen.queryByRole('dialog', hidden)).toBeNull());
    expect(portal.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'The key CI was added and chosen.',
    });
    expect(variablesOf(api, 'AddSshKey')).toEqual({ name: 'CI', publicKey: 'ssh-rsa AAAA old' });
    expect(variablesOf(api, 'CreateInstance')).toBeUndefined();
    expect(((await screen.findByRole('checkbox', { name: /CI/ })) as HTMLInputElement).checked).toBe(true);
  });

  it('a refusal is shown verbatim on its field, and the input stays', async () => {
    const { user, location } = setup({ path: '/new-instance?template_uid=t-wp', create: nameTakenAnswer });
    await screen.findByRole('radio', { name: /WordPress on Ubuntu/ });
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'blog');
    await user.type(screen.getByLabelText(/^Root password/), 'Sturdy-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    expect(await screen.findByText('The name blog is already used in this workspace.')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('blog');
    expect((screen.getByLabelText(/^Root password/) as HTMLInputElement).value).toBe('Sturdy-Pass-1');
    expect(location()).toBe('/new-instance?template_uid=t-wp');
  });

  it('a visitor sees EUR, configures without a password, and Deploy goes to Login with the way back', async () => {
    const { user, api, location } = setup({
      path: '/new-instance?template_uid=t-wp',
      isAuthenticated: false,
    });
    await screen.findByRole('radio', { name: /WordPress on Ubuntu/ });
    expect(total()).toBe('€10.00/month (€0.0137/hour)');
    expect(screen.queryByLabelText(/^Root password/)).toBeNull();
    expect(
      screen.getByText('After logging in you can choose SSH keys (or add one) instead of a root password.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Riga, LV (EU)' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'blog');
    await user.click(screen.getByRole('button', { name: 'Log in to deploy' }));
    await waitFor(() =>
      expect(location()).toBe('/auth/login?redirect=%2Fnew-instance%3Ftemplate_uid%3Dt-wp'),
    );
    expect(JSON.parse(sessionStorage.getItem(SAVED_CONFIGURATION_KEY)!)).toEqual({
      imageUid: 'img-wp',
      locationUid: 'loc-riga',
      planUid: 'plan-m',
      name: 'blog',
    });
    expect(variablesOf(api, 'CreateInstance')).toBeUndefined();
  });

  it('after login the saved configuration is back (forgotten once deployed), the password asked', async () => {
    sessionStorage.setItem(
      SAVED_CONFIGURATION_KEY,
      JSON.stringify({ imageUid: 'img-wp', locationUid: 'loc-riga', planUid: 'plan-m', name: 'blog' }),
    );
    const { user, api } = setup({ path: '/new-instance?template_uid=t-wp' });
    expect(await screen.findByText('Your configuration was kept. Check it and deploy.')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Riga, LV (EU)' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('blog');
    // kept while the shell may mount the page again; forgotten once deployed
    expect(sessionStorage.getItem(SAVED_CONFIGURATION_KEY)).not.toBeNull();
    await user.type(screen.getByLabelText(/^Root password/), 'Sturdy-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Deploy' }));
    await waitFor(() => expect(variablesOf(api, 'CreateInstance')?.input.locationUid).toBe('loc-riga'));
    await waitFor(() => expect(sessionStorage.getItem(SAVED_CONFIGURATION_KEY)).toBeNull());
  });
});
