import { describe, expect, it } from 'vitest';
import type { DriverEvent } from './driver.js';
import { ManualScheduler } from './scheduler.js';
import { SIMULATED_FAILURES, SIMULATOR_DURATIONS_MS, SimulatorDriver } from './simulator.js';

// The simulator alone, on a clock the test moves: no database, no sleeping.

function simulator(options: { speed?: number; failureRate?: number; random?: () => number } = {}) {
  const scheduler = new ManualScheduler();
  const events: DriverEvent[] = [];
  const driver = new SimulatorDriver(
    {
      report: async (event) => {
        events.push(event);
      },
    },
    { scheduler, ...options },
  );
  return { scheduler, events, driver };
}

const spec = (uid: string) => ({
  uid,
  name: uid,
  imageUid: 'debian-12',
  locationUid: 'fra1',
  planUid: 's-1vcpu-2gb',
  rootPassword: 'Secret-Pass-1',
});

describe('SimulatorDriver', () => {
  it('deploys: INSTALLING becomes ACTIVE after the deployment time, not before', async () => {
    const { scheduler, events, driver } = simulator();
    driver.deploy(spec('a'));
    await scheduler.advance(SIMULATOR_DURATIONS_MS.DEPLOY - 1);
    expect(events).toEqual([]);
    await scheduler.advance(1);
    expect(events).toEqual([{ type: 'completed', uid: 'a', action: 'DEPLOY', status: 'ACTIVE' }]);
    expect(scheduler.pending).toBe(0);
  });

  it('runs STOP, START, RESTART and DELETE to INACTIVE, ACTIVE, ACTIVE and gone', async () => {
    const { scheduler, events, driver } = simulator();
    driver.perform('a', 'STOP', 'ACTIVE');
    await scheduler.advance(SIMULATOR_DURATIONS_MS.STOP);
    driver.perform('a', 'START', 'INACTIVE');
    await scheduler.advance(SIMULATOR_DURATIONS_MS.START);
    driver.perform('a', 'RESTART', 'ACTIVE');
    await scheduler.advance(SIMULATOR_DURATIONS_MS.RESTART);
    driver.perform('a', 'DELETE', 'ACTIVE');
    await scheduler.advance(SIMULATOR_DURATIONS_MS.DELETE);
    expect(events).toEqual([
      { type: 'completed', uid: 'a', action: 'STOP', status: 'INACTIVE' },
      { type: 'completed', uid: 'a', action: 'START', status: 'ACTIVE' },
      { type: 'completed', uid: 'a', action: 'RESTART', status: 'ACTIVE' },
      { type: 'deleted', uid: 'a' },
    ]);
  });

  it('divides every duration by the speed', async () => {
    const { scheduler, events, driver } = simulator({ speed: 4 });
    expect(driver.durationOf('DEPLOY')).toBe(SIMULATOR_DURATIONS_MS.DEPLOY / 4);
    driver.deploy(spec('a'));
    await scheduler.advance(SIMULATOR_DURATIONS_MS.DEPLOY / 4);
    expect(events).toHaveLength(1);
  });

  it('a DELETE while installing replaces the installation', async () => {
    const { scheduler, events, driver } = simulator();
    driver.deploy(spec('a'));
    await scheduler.advance(1000);
    driver.perform('a', 'DELETE', 'INSTALLING');
    await scheduler.advance(SIMULATOR_DURATIONS_MS.DEPLOY);
    expect(events).toEqual([{ type: 'deleted', uid: 'a' }]);
  });

  it('fails the next step of a machine once when asked (the dev tool), with a hypervisor-like message', async () => {
    const { scheduler, events, driver } = simulator();
    driver.failNext('a');
    driver.perform('a', 'STOP', 'ACTIVE');
    await scheduler.advance(SIMULATOR_DURATIONS_MS.STOP);
    driver.perform('a', 'STOP', 'ACTIVE');
    await scheduler.advance(SIMULATOR_DURATIONS_MS.STOP);
    expect(events).toEqual([
      { type: 'failed', uid: 'a', action: 'STOP', status: 'ACTIVE', message: SIMULATED_FAILURES.STOP },
      { type: 'completed', uid: 'a', action: 'STOP', status: 'INACTIVE' },
    ]);
  });

  it('a failed deployment leaves the machine INACTIVE', async () => {
    const { scheduler, events, driver } = simulator();
    driver.failNext('a');
    driver.deploy(spec('a'));
    await scheduler.advance(SIMULATOR_DURATIONS_MS.DEPLOY);
    expect(events).toEqual([
      { type: 'failed', uid: 'a', action: 'DEPLOY', status: 'INACTIVE', message: SIMULATED_FAILURES.DEPLOY },
    ]);
  });

  it('fails with the configured probability (off by default)', async () => {
    const draws = [0.05, 0.5];
    const { scheduler, events, driver } = simulator({ failureRate: 0.1, random: () => draws.shift() ?? 1 });
    driver.perform('a', 'START', 'INACTIVE');
    driver.perform('b', 'START', 'INACTIVE');
    await scheduler.advance(SIMULATOR_DURATIONS_MS.START);
    expect(events.map((e) => e.type)).toEqual(['failed', 'completed']);

    const off = simulator({ random: () => 0 });
    off.driver.perform('a', 'START', 'INACTIVE');
    await off.scheduler.advance(SIMULATOR_DURATIONS_MS.START);
    expect(off.events.map((e) => e.type)).toEqual(['completed']);
  });

  it('resumes what a restart interrupted: an installation, a pending action; nothing otherwise', async () => {
    const { scheduler, events, driver } = simulator();
    driver.resume('a', { status: 'INSTALLING', pendingAction: null });
    driver.resume('b', { status: 'ACTIVE', pendingAction: 'STOP' });
    driver.resume('c', { status: 'ACTIVE', pendingAction: null });
    await scheduler.advance(SIMULATOR_DURATIONS_MS.DEPLOY);
    expect(events).toEqual([
      { type: 'completed', uid: 'b', action: 'STOP', status: 'INACTIVE' },
      { type: 'completed', uid: 'a', action: 'DEPLOY', status: 'ACTIVE' },
    ]);
  });

  it('close cancels every timer and reports nothing afterwards', async () => {
    const { scheduler, events, driver } = simulator();
    driver.deploy(spec('a'));
    driver.perform('b', 'STOP', 'ACTIVE');
    await driver.close();
    expect(scheduler.pending).toBe(0);
    driver.deploy(spec('c'));
    await scheduler.advance(60_000);
    expect(events).toEqual([]);
  });
});
