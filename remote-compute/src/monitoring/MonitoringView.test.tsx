import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import DashboardPage from '../dashboard/DashboardPage';
import type { AlertRuleFieldsFragment } from '../gql/graphql';
import InstanceDetailsPage from '../instances/InstanceDetailsPage';
import { computeClient, instance, instancesAnswer, typedInstance } from '../test/computeClient';
import { renderPage } from '../test/renderPage';

const web = instance('web-1', {
  plan: { uid: 'plan-s', name: 'S', vcpus: 2, memoryMb: 4000, diskGb: 80, transferTb: 1 },
});
const db = instance('db-1');
const START = Date.UTC(2026, 2, 5, 12, 0);

/** A series of 60 points: CPU 20 then 40 (average 30, peak 40), memory 1 GB, traffic 1250 Mbps. */
function metricsAnswer(variables: Record<string, unknown>) {
  const points = Array.from({ length: 60 }, (_, i) => ({
    __typename: 'MetricPoint',
    at: new Date(START + i * 60_000).toISOString(),
    cpu: i < 30 ? 20 : 40,
    ram: 1e9,
    diskMain: 2e10,
    diskExtra: i < 10 ? null : 5e9,
    netTxVol: 1250,
    netRxVol: 500,
    netTxPkg: 12_345,
    netRxPkg: 2000,
  }));
  return {
    data: {
      __typename: 'Query',
      instanceMetrics: {
        __typename: 'MetricSeries',
        instanceUid: variables.instanceUid ?? null,
        range: variables.range,
        from: new Date(START).toISOString(),
        to: new Date(START + 60 * 60_000).toISOString(),
        stepSeconds: 60,
        memoryBytes: 4e9,
        diskMainBytes: 8e10,
        diskExtraBytes: 8e10,
        points,
      },
    },
  };
}

const rule = (fields: Partial<AlertRuleFieldsFragment> = {}): AlertRuleFieldsFragment => ({
  uid: 'rule-1',
  contractUid: 'C-1',
  instance: { uid: web.uid, name: 'web-1' },
  metric: 'CPU',
  condition: 'ABOVE',
  value: 90,
  periodMinutes: 5,
  enabled: true,
  firing: false,
  firedAt: null,
  recoveredAt: null,
  lastValue: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  ...fields,
});
type Answer = (variables: Record<string, unknown>) => unknown;
/** an api answer (named, so the linter does not take it for a component) */
const answerOf = (answer: Answer): Answer => answer;
const detailsAnswer = () => ({ data: { __typename: 'Query', instance: typedInstance(web) } });
const typedRule = (r: AlertRuleFieldsFragment) => ({
  __typename: 'AlertRule',
  ...r,
  instance: { __typename: 'Instance', ...r.instance },
});

function api(
  rules: AlertRuleFieldsFragment[] = [rule()],
  extra: Record<string, (v: Record<string, unknown>) => unknown> = {},
) {
  const calls: Array<{ operation: string; variables: Record<string, unknown> }> = [];
  const log =
    (operation: string, answer: (v: Record<string, unknown>) => unknown) =>
    (variables: Record<string, unknown>) => {
      calls.push({ operation, variables });
      return answer(variables);
    };
  const client = computeClient({
    Instances: instancesAnswer([web, db]),
    InstanceDetails: detailsAnswer,
    InstanceMetrics: log('InstanceMetrics', metricsAnswer),
    AlertRules: log('AlertRules', () => ({
      data: { __typename: 'Query', alertRules: rules.map(typedRule) },
    })),
    ...Object.fromEntries(Object.entries(extra).map(([name, answer]) => [name, log(name, answer)])),
  });
  return { ...client, calls };
}

const dashboard = (client: ReturnType<typeof api>, path = '/workspace/C-1/dashboard/monitoring') =>
  renderPage(<DashboardPage />, {
    path,
    route: '/workspace/:contractUid/dashboard/:tab?',
    graphql: client.client,
  });

describe('Monitoring on the Dashboard', () => {
  it("shows the overview of all instances: five charts with their figures in the user's units", async () => {
    const client = api();
    dashboard(client);
    const cpu = await screen.findByRole('figure', { name: 'CPU' });
    expect(within(cpu).getByText('CPU: average 30 %, peak 40 %')).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Memory' }).textContent).toContain(
      'Used: average 1 GB, peak 1 GB',
    );
    expect(screen.getByRole('figure', { name: 'Disk usage' }).textContent).toContain(
      'Main disk: average 20 GB, peak 20 GB · Extra disk: average 5 GB, peak 5 GB',
    );
    // spec section 9: divided by 1000, Gbps and kpps, 2 decimals
    expect(screen.getByRole('figure', { name: 'Network traffic' }).textContent).toContain(
      'Outbound: average 1.25 Gbps, peak 1.25 Gbps · Inbound: average 0.5 Gbps, peak 0.5 Gbps',
    );
    expect(screen.getByRole('figure', { name: 'Network packets' }).textContent).toContain(
      'Outbound: average 12.35 kpps',
    );
    expect(screen.getByText(/All instances of the workspace together/)).toBeTruthy();
    // the user's timezone (UTC) and time format (24h): the last minute of the series
    expect(screen.getByText('As of 12:59')).toBeTruthy();
    expect(client.calls.find((c) => c.operation === 'InstanceMetrics')?.variables).toEqual({
      contractUid: 'C-1',
      instanceUid: null,
      range: 'DAY',
    });
  });

  it('the instance and the range are chosen in the URL, and the charts are asked again', async () => {
    const client = api();
    const { user, location } = dashboard(client);
    await screen.findByRole('figure', { name: 'CPU' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Instance' }), 'db-1');
    await waitFor(() => expect(location()).toBe(`/workspace/C-1/dashboard/monitoring?instance=${db.uid}`));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 7 days');
    await waitFor(() =>
      expect(location()).toBe(`/workspace/C-1/dashboard/monitoring?instance=${db.uid}&range=7d`),
    );
    await waitFor(() =>
      expect(client.calls.filter((c) => c.operation === 'InstanceMetrics').map((c) => c.variables)).toEqual([
        { contractUid: 'C-1', instanceUid: null, range: 'DAY' },
        { contractUid: 'C-1', instanceUid: db.uid, range: 'DAY' },
        { contractUid: 'C-1', instanceUid: db.uid, range: 'WEEK' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() =>
      expect(client.calls.filter((c) => c.operation === 'InstanceMetrics')).toHaveLength(4),
    );
    // a new rule starts on the instance shown
    await user.click(screen.getByRole('button', { name: 'New alert rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New alert rule' });
    expect((within(dialog).getByRole('combobox', { name: /Instance/ }) as HTMLSelectElement).value).toBe(
      db.uid,
    );
  });

  it('lists the rules; a live event says one fires; the switch disables it', async () => {
    const client = api(
      [
        rule(),
        rule({
          uid: 'rule-2',
          instance: { uid: db.uid, name: 'db-1' },
          metric: 'NET_TX_VOL',
          condition: 'BELOW',
          value: 1500,
          periodMinutes: 120,
        }),
      ],
      {
        SetAlertRuleEnabled: answerOf((v) => ({
          data: {
            __typename: 'Mutation',
            setAlertRuleEnabled: typedRule(rule({ enabled: v.enabled as boolean })),
          },
        })),
      },
    );
    const { user } = dashboard(client);
    const table = await screen.findByRole('table', { name: 'Alert rules' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'InstanceMetricConditionPeriodStateEnabledActions',
      'web-1CPUAbove 90 %5 minOK',
      'db-1Outbound trafficBelow 1.5 Gbps2 hOK',
    ]);
    await waitFor(() => expect(client.subscribed()).toBe(true));
    client.push('alertRuleChanged', {
      __typename: 'AlertRuleChange',
      deleted: false,
      rule: typedRule(rule({ firing: true, firedAt: '2026-03-05T12:30:00.000Z', lastValue: 97 })),
    });
    expect(await within(table).findByText('Firing')).toBeTruthy();
    expect(within(table).getByText('since 05.03.2026 12:30')).toBeTruthy();

    await user.click(screen.getByRole('switch', { name: 'Rule enabled: web-1: CPU above 90 % for 5 min' }));
    await waitFor(() => expect(within(table).getByText('Disabled')).toBeTruthy());
    expect(client.calls.find((c) => c.operation === 'SetAlertRuleEnabled')?.variables).toEqual({
      contractUid: 'C-1',
      uid: 'rule-1',
      enabled: false,
    });
  });

  it("deletes a rule after the portal's confirmation, naming it", async () => {
    const client = api([rule()], {
      DeleteAlertRule: answerOf(() => ({
        data: { __typename: 'Mutation', deleteAlertRule: typedRule(rule()) },
      })),
    });
    const { user, portal } = dashboard(client);
    await user.click(
      await screen.findByRole('button', { name: 'Delete rule web-1: CPU above 90 % for 5 min' }),
    );
    expect(portal.confirm).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Delete alert rule?',
        text: 'The rule <b>CPU above 90 % for 5 min</b> on <b>web-1</b> will no longer notify anyone.',
        confirmText: 'Delete',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'No alert rules yet' })).toBeTruthy();
    expect(portal.notify).toHaveBeenCalledWith({ type: 'success', message: 'The alert rule was deleted.' });
  });

  it("creates a rule: checks the value in the metric's unit, sends network values ×1000, shows a refusal on its field", async () => {
    let refuse = true;
    const client = api([], {
      CreateAlertRule: answerOf((v) => {
        if (refuse) {
          refuse = false;
          return {
            data: null,
            errors: [
              {
                message: 'Period must be one of 5 min, 15 min, 30 min, 1 h, 2 h, 6 h, 24 h.',
                extensions: { code: 'INVALID_ALERT_RULE', field: 'periodMinutes' },
              },
            ],
          };
        }
        const input = v.input as AlertRuleFieldsFragment & { instanceUid: string };
        return {
          data: {
            __typename: 'Mutation',
            createAlertRule: typedRule(
              rule({
                uid: 'rule-new',
                instance: { uid: input.instanceUid, name: 'db-1' },
                metric: input.metric,
                condition: input.condition,
                value: input.value,
                periodMinutes: input.periodMinutes,
              }),
            ),
          },
        };
      }),
    });
    const { user, portal } = dashboard(client);
    await screen.findByRole('heading', { name: 'No alert rules yet' });
    await user.click(screen.getByRole('button', { name: 'New alert rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New alert rule' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Instance/ }), 'db-1');
    const value = within(dialog).getByRole('textbox', { name: /Value/ });
    await user.clear(value);
    await user.type(value, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(
      await within(dialog).findByText('Enter a number from 0 to 100 % with at most 2 decimals.'),
    ).toBeTruthy();

    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Metric/ }), 'Outbound traffic');
    expect(within(dialog).getByText('From 0 to 100 Gbps, at most 2 decimals.')).toBeTruthy();
    await user.clear(value);
    await user.type(value, '1,5');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Period/ }), '2 h');
    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    expect(
      await within(dialog).findByText('Period must be one of 5 min, 15 min, 30 min, 1 h, 2 h, 6 h, 24 h.'),
    ).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Value/ }) as HTMLInputElement).value).toBe('1,5');

    await user.click(within(dialog).getByRole('button', { name: 'Create rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(client.calls.filter((c) => c.operation === 'CreateAlertRule').at(-1)?.variables).toEqual({
      input: {
        contractUid: 'C-1',
        instanceUid: db.uid,
        metric: 'NET_TX_VOL',
        condition: 'ABOVE',
        value: 1500,
        periodMinutes: 120,
      },
    });
    expect(portal.notify).toHaveBeenCalledWith({ type: 'success', message: 'The alert rule was created.' });
    const table = await screen.findByRole('table', { name: 'Alert rules' });
    expect(within(table).getByText('Above 1.5 Gbps')).toBeTruthy();
  });
});

describe('Monitoring of an instance', () => {
  it('is a tab of the details page: its charts and its rules, the instance fixed', async () => {
    const client = api();
    const { user } = renderPage(<InstanceDetailsPage />, {
      path: `/workspace/C-1/instance/vm/${web.uid}/monitoring`,
      route: '/workspace/:contractUid/instance/vm/:id/:tab?',
      graphql: client.client,
    });
    expect((await screen.findByRole('tab', { name: 'Monitoring' })).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await screen.findByRole('figure', { name: 'CPU' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Instance' })).toBeNull();
    await waitFor(() =>
      expect(
        client.calls.filter((c) => c.operation !== 'SetAlertRuleEnabled').map((c) => c.variables),
      ).toEqual(
        expect.arrayContaining([
          { contractUid: 'C-1', instanceUid: web.uid, range: 'DAY' },
          { contractUid: 'C-1', instanceUid: web.uid },
        ]),
      ),
    );
    const table = await screen.findByRole('table', { name: 'Alert rules' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).not.toContain('Instance');
    await user.click(screen.getByRole('button', { name: 'New alert rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'New alert rule' });
    const picker = within(dialog).getByRole('combobox', { name: /Instance/ }) as HTMLSelectElement;
    expect(picker.disabled).toBe(true);
    expect(picker.value).toBe(web.uid);
  });
});
