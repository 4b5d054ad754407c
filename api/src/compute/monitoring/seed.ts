import type { Db } from '../../db/client.js';
import { DEMO_INSTANCES } from '../../db/demo.js';
import type { AlertCondition } from './alerts.js';
import type { AlertMetric } from './metrics.js';
import { computeAlertRules } from './tables.js';

interface DemoRule {
  instance: string;
  metric: AlertMetric;
  condition: AlertCondition;
  value: number;
  periodMinutes: number;
  enabled: boolean;
}

/**
 * The demo workspace's alert rules, one or more per kind of metric, one disabled. The metrics
 * history needs no seed: it is the simulator's shape since each instance's creation (`metrics.ts`).
 */
export const DEMO_ALERT_RULES: readonly DemoRule[] = [
  {
    instance: DEMO_INSTANCES.web1.uid,
    metric: 'CPU',
    condition: 'ABOVE',
    value: 90,
    periodMinutes: 15,
    enabled: true,
  },
  {
    instance: DEMO_INSTANCES.web1.uid,
    metric: 'RAM',
    condition: 'ABOVE',
    value: 90,
    periodMinutes: 30,
    enabled: true,
  },
  {
    instance: DEMO_INSTANCES.db1.uid,
    metric: 'DISK_MAIN',
    condition: 'ABOVE',
    value: 80,
    periodMinutes: 60,
    enabled: true,
  },
  {
    instance: DEMO_INSTANCES.db1.uid,
    metric: 'DISK_EXTRA',
    condition: 'ABOVE',
    value: 90,
    periodMinutes: 360,
    enabled: true,
  },
  {
    instance: DEMO_INSTANCES.web2.uid,
    metric: 'NET_TX_VOL',
    condition: 'ABOVE',
    value: 500,
    periodMinutes: 5,
    enabled: true,
  },
  {
    instance: DEMO_INSTANCES.vpnGw.uid,
    metric: 'NET_RX_PKG',
    condition: 'ABOVE',
    value: 50_000,
    periodMinutes: 15,
    enabled: false,
  },
  {
    instance: DEMO_INSTANCES.win1.uid,
    metric: 'CPU',
    condition: 'BELOW',
    value: 0.5,
    periodMinutes: 1440,
    enabled: true,
  },
];

/** Restores the demo rules (the seeding of instances removed the workspace's rules with them). */
export async function seedMonitoringDemo(db: Db, cabinetId: string): Promise<void> {
  await db.insert(computeAlertRules).values(
    DEMO_ALERT_RULES.map((rule, index) => ({
      workspaceId: cabinetId,
      instanceId: rule.instance,
      metric: rule.metric,
      condition: rule.condition,
      value: rule.value,
      periodMinutes: rule.periodMinutes,
      enabled: rule.enabled,
      // in the order above, newest first
      createdAt: new Date(Date.UTC(2026, 0, 10) - index * 86_400_000),
    })),
  );
}
