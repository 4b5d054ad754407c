import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InstanceFieldsFragment } from '../gql/graphql';
import InstanceDetailsPage from '../instances/InstanceDetailsPage';
import { computeClient, instance, typedInstance } from '../test/computeClient';
import { renderPage } from '../test/renderPage';
import { largerPlans } from './plans';

// Settings › Resize and Rebuild on the real urql client (graphcache), the api faked per operation.

const route = '/workspace/:contractUid/instance/vm/:id/:tab?';
const plan = (
  uid: string,
  name: string,
  vcpus: number,
  memoryMb: number,
  diskGb: number,
  monthly: string,
) => ({
  __typename: 'ComputePlan',
  uid,
  name,
  vcpus,
  memoryMb,
  diskGb,
  transferTb: 1,
  prices: [{ __typename: 'PlanPrice', currency: 'EUR', monthly, hourly: '0.01' }],
});
const PLANS = [
  plan('plan-s', 'S', 1, 2048, 40, '5.00'),
  plan('plan-m', 'M', 2, 4096, 80, '10.00'),
  plan('plan-l', 'L', 4, 8192, 160, '20.50'),
];
const image = (uid: string, name: string, kind = 'OS') => ({
  __typename: 'ComputeImage',
  uid,
  name,
  system: name,
  kind,
  description: '',
});
const catalogAnswer = () => ({
  data: {
    computeCatalog: {
      __typename: 'ComputeCatalog',
      images: [
        image('img-ubuntu', 'Ubuntu 24.04 LTS'),
        image('img-debian', 'Debian 12'),
        image('img-wp', 'WordPress', 'APPLICATION'),
      ],
      locations: [
        { __typename: 'ComputeLocation', uid: 'loc-fra', city: 'Frankfurt', country: 'DE', region: 'eu' },
      ],
      plans: PLANS,
    },
  },
});
const OFF = instance('db-2', { status: 'INACTIVE', allowedActions: ['START', 'DELETE'] });

function setup(
  found: InstanceFieldsFragment,
  extra: Record<string, (v: Record<string, unknown>) => unknown> = {},
) {
  const api = computeClient({
    InstanceDetails: () => ({ data: { instance: typedInstance(found) } }),
    ComputeCatalog: catalogAnswer,
    SshKeys: () => ({ data: { sshKeys: [] } }),
    ...extra,
  });
  const rendered = renderPage(<InstanceDetailsPage />, {
    path: `/workspace/C-1/instance/vm/${found.uid}/settings`,
    route,
    graphql: api.client,
  });
  return { ...rendered, api };
}
const variablesOf = (api: ReturnType<typeof computeClient>, name: string) => {
  const call = api.fetch.mock.calls.find(([, init]) =>
    String(init?.body).includes(`"operationName":"${name}"`),
  );
  return call ? JSON.parse(String(call[1]?.body)).variables : undefined;
};
const resizeSection = () => within(screen.getByRole('region', { name: 'Resize' }));
const rebuildSection = () => within(screen.getByRole('region', { name: 'Rebuild' }));

describe('largerPlans', () => {
  it('offers only plans with nothing smaller and something larger', () => {
    expect(largerPlans(PLANS[1]!, PLANS).map((p) => p.uid)).toEqual(['plan-l']);
    expect(largerPlans({ ...PLANS[1]!, uid: 'odd', diskGb: 200 }, PLANS)).toEqual([]);
  });
});

describe('Settings › Resize', () => {
  it('an instance that is off: larger plans with price and difference; Resize sends the plan', async () => {
    const { user, api, portal } = setup(OFF, {
      ResizeInstance: () => ({
        data: {
          resizeInstance: typedInstance({
            ...OFF,
            allowedActions: [],
            resizingTo: { uid: 'plan-m', name: 'M' },
          }),
        },
      }),
    });
    await screen.findByText('Current plan: S · €5.00/month');
    const section = resizeSection();
    expect(section.queryByRole('radio', { name: /^S · / })).toBeNull();
    await user.click(section.getByRole('radio', { name: /^M · €10\.00\/month \(\+€5\.00\)/ }));
    expect(section.getByRole('radio', { name: /^L · €20\.50\/month \(\+€15\.50\)/ })).toBeTruthy();
    await user.click(section.getByRole('button', { name: 'Resize' }));
    await waitFor(() =>
      expect(variablesOf(api, 'ResizeInstance')).toEqual({
        contractUid: 'C-1',
        uid: OFF.uid,
        planUid: 'plan-m',
      }),
    );
    expect(portal.notify).toHaveBeenCalledWith({ type: 'success', message: 'db-2 is being resized to M.' });
    expect(await screen.findByText('The instance is being resized to M.')).toBeTruthy();
    expect(screen.getAllByText('Resizing to M…').length).toBeGreaterThan(0);
  });

  it('a running instance: asks to power off first, Resize disabled', async () => {
    setup(instance('web-1'));
    expect(
      await screen.findByText('Power off the instance to resize it: stop it, then choose the new plan.'),
    ).toBeTruthy();
    expect((resizeSection().getByRole('button', { name: 'Resize' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('a refusal of the api is shown on the plan', async () => {
    const { user } = setup(OFF, {
      ResizeInstance: () => ({
        data: null,
        errors: [
          {
            message: 'Power off the instance before resizing it (Stop), then resize.',
            extensions: { code: 'ACTION_NOT_ALLOWED' },
          },
        ],
      }),
    });
    await screen.findByText('Current plan: S · €5.00/month');
    await user.click(resizeSection().getByRole('radio', { name: /^L · / }));
    await user.click(resizeSection().getByRole('button', { name: 'Resize' }));
    expect(
      await screen.findByText('Power off the instance before resizing it (Stop), then resize.'),
    ).toBeTruthy();
  });
});

describe('Settings › Rebuild', () => {
  it('needs a password (or a key), asks naming the instance, then sends image and password', async () => {
    const WEB = instance('web-1');
    const { user, api, portal } = setup(WEB, {
      RebuildInstance: () => ({
        data: {
          rebuildInstance: { ...typedInstance({ ...WEB, status: 'INSTALLING', allowedActions: ['DELETE'] }) },
        },
      }),
    });
    await screen.findByRole('option', { name: 'Debian 12' });
    const select = screen.getByRole('combobox', { name: /^Image/ }) as HTMLSelectElement;
    expect(select.value).toBe('img-ubuntu');
    await user.selectOptions(select, 'img-debian');
    await user.click(rebuildSection().getByRole('button', { name: 'Rebuild' }));
    expect(await rebuildSection().findByText('Required')).toBeTruthy();
    expect(portal.confirm).not.toHaveBeenCalled();
    await user.type(rebuildSection().getByLabelText(/^Root password/), 'Sturdy-Pass-1');
    await user.click(rebuildSection().getByRole('button', { name: 'Rebuild' }));
    await waitFor(() =>
      expect(portal.confirm).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Rebuild instance?',
          text: 'Everything on <strong>web-1</strong> will be erased and Debian 12 installed. This cannot be undone.',
          confirmText: 'Rebuild',
        }),
      ),
    );
    await waitFor(() =>
      expect(variablesOf(api, 'RebuildInstance')).toEqual({
        input: {
          contractUid: 'C-1',
          uid: WEB.uid,
          imageUid: 'img-debian',
          rootPassword: 'Sturdy-Pass-1',
          sshKeyUids: [],
        },
      }),
    );
    expect(portal.notify).toHaveBeenCalledWith({
      type: 'success',
      message: 'web-1 is being rebuilt with Debian 12.',
    });
  });

  it('cancelled in the confirm dialog: nothing is sent', async () => {
    const WEB = instance('web-1');
    const api = computeClient({
      InstanceDetails: () => ({ data: { instance: typedInstance(WEB) } }),
      ComputeCatalog: catalogAnswer,
      SshKeys: () => ({ data: { sshKeys: [] } }),
    });
    const { user, portal } = renderPage(<InstanceDetailsPage />, {
      path: `/workspace/C-1/instance/vm/${WEB.uid}/settings`,
      route,
      graphql: api.client,
      confirmAnswer: false,
    });
    await screen.findByRole('combobox', { name: /^Image/ });
    await user.type(rebuildSection().getByLabelText(/^Root password/), 'Sturdy-Pass-1');
    await user.click(rebuildSection().getByRole('button', { name: 'Rebuild' }));
    await waitFor(() => expect(portal.confirm).toHaveBeenCalled());
    expect(variablesOf(api, 'RebuildInstance')).toBeUndefined();
  });
});
