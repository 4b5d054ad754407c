import { describe, expect, it } from 'vitest';
import {
  aggregate,
  bucketsOf,
  capacityOf,
  combine,
  type MachineShape,
  RANGE_STEPS,
  rangeWindow,
  ruleValue,
  type Sample,
  simulatedSample,
} from './metrics.js';

const NOW = Date.UTC(2026, 10, 23, 12, 34, 56);
const MINUTE = 60_000;
const machine = (fields: Partial<MachineShape> = {}): MachineShape => ({
  uid: '00000000-0000-4000-8000-000000000001',
  status: 'ACTIVE',
  createdAt: Date.UTC(2025, 0, 1),
  vcpus: 2,
  memoryMb: 4096,
  diskGb: 80,
  ...fields,
});
const flat = (cpu: number): Sample => ({
  cpu,
  ram: 1e9,
  diskMain: 2e10,
  diskExtra: 1e10,
  netTxVol: 100,
  netRxVol: 40,
  netTxPkg: 15_000,
  netRxPkg: 16_000,
});

describe('rangeWindow', () => {
  it('aggregates each range to 60-300 points, ending with the current minute', () => {
    for (const range of ['HOUR', 'DAY', 'WEEK', 'MONTH'] as const) {
      const w = rangeWindow(range, NOW);
      expect(w.points).toBeGreaterThanOrEqual(60);
      expect(w.points).toBeLessThanOrEqual(300);
      expect(w.to - w.from).toBe(w.points * w.stepMs);
      expect(w.to).toBeGreaterThan(NOW);
      expect(w.to - w.stepMs).toBeLessThanOrEqual(NOW);
    }
    expect(rangeWindow('HOUR', NOW)).toEqual({
      from: Date.UTC(2026, 10, 23, 11, 35),
      to: Date.UTC(2026, 10, 23, 12, 35),
      stepMs: MINUTE,
      points: 60,
    });
    expect(RANGE_STEPS.MONTH.minutes * RANGE_STEPS.MONTH.points).toBe(30 * 24 * 60);
    expect(RANGE_STEPS.WEEK.minutes * RANGE_STEPS.WEEK.points).toBe(7 * 24 * 60);
    expect(RANGE_STEPS.DAY.minutes * RANGE_STEPS.DAY.points).toBe(24 * 60);
  });
});

describe('aggregate', () => {
  const window = { from: 0, to: 10 * MINUTE, stepMs: 5 * MINUTE, points: 2 };

  it('a bucket is the mean of its minutes: the recorded ones as recorded, the missed ones by the simulator', () => {
    const stored = [
      { at: 0, ...flat(10) },
      { at: MINUTE, ...flat(30) },
      { at: 4 * MINUTE, ...flat(50) },
    ];
    const points = aggregate(window, bucketsOf(window, stored), () => flat(7));
    expect(points.map((p) => p.at)).toEqual([0, 5 * MINUTE]);
    // 10 + 30 + 50 recorded, 2 minutes of 7 simulated
    expect(points[0]!.cpu).toBeCloseTo(20.8, 10);
    expect(points[1]!.cpu).toBe(7);
    expect(points[1]!.netTxVol).toBe(100);
  });

  it('a bucket the recorder covers entirely is its recorded mean (the simulator is not asked)', () => {
    const stored = [0, 1, 2, 3, 4].map((m) => ({ at: m * MINUTE, ...flat(90 + m) }));
    let asked = 0;
    const [point] = aggregate({ ...window, points: 1 }, bucketsOf({ ...window, points: 1 }, stored), () => {
      asked += 1;
      return flat(0);
    });
    expect(point!.cpu).toBe(92);
    expect(asked).toBe(0);
  });

  it('ignores minutes outside the window and leaves a gap (null) where nothing existed', () => {
    const points = aggregate(window, bucketsOf(window, [{ at: 20 * MINUTE, ...flat(99) }]), () => null);
    expect(points.map((p) => p.cpu)).toEqual([null, null]);
  });

  it('reads a long bucket at 12 instants, not every minute', () => {
    let reads = 0;
    aggregate({ from: 0, to: 180 * MINUTE, stepMs: 180 * MINUTE, points: 1 }, new Map(), () => {
      reads += 1;
      return flat(1);
    });
    expect(reads).toBe(12);
  });
});

describe('combine (the workspace overview)', () => {
  it('sums memory, disks and network, averages CPU, skips machines without data', () => {
    const a = [{ at: 0, ...flat(20) }];
    const b = [{ at: 0, ...flat(40) }];
    const none = [
      {
        at: 0,
        cpu: null,
        ram: null,
        diskMain: null,
        diskExtra: null,
        netTxVol: null,
        netRxVol: null,
        netTxPkg: null,
        netRxPkg: null,
      },
    ];
    const [point] = combine([a, b, none]);
    expect(point).toMatchObject({ at: 0, cpu: 30, ram: 2e9, netTxVol: 200, netRxPkg: 32_000 });
    expect(combine([])).toEqual([]);
  });
});

describe('simulatedSample', () => {
  it('is deterministic: the same machine and minute read the same', () => {
    expect(simulatedSample(machine(), NOW)).toEqual(simulatedSample(machine(), NOW));
    expect(simulatedSample(machine(), NOW)).not.toEqual(
      simulatedSample(machine({ uid: '00000000-0000-4000-8000-000000000002' }), NOW),
    );
  });

  it('stays within the plan: CPU 0-100 %, memory and disks below their size, a month long', () => {
    const cap = capacityOf(machine());
    for (let at = NOW - 30 * 24 * 60 * MINUTE; at < NOW; at += 37 * MINUTE) {
      const s = simulatedSample(machine(), at)!;
      expect(s.cpu).toBeGreaterThanOrEqual(0);
      expect(s.cpu).toBeLessThanOrEqual(100);
      expect(s.ram).toBeLessThan(cap.memoryBytes);
      expect(s.diskMain).toBeLessThan(cap.diskMainBytes);
      expect(s.diskExtra).toBeLessThan(cap.diskExtraBytes);
      expect(s.netTxVol).toBeGreaterThan(0);
    }
  });

  it('follows a daily cycle: the busiest hour is well above the quietest', () => {
    const day = Date.UTC(2026, 10, 24); // a Tuesday
    const hourly = Array.from({ length: 24 }, (_, h) => {
      let sum = 0;
      for (let m = 0; m < 60; m += 5)
        sum += simulatedSample(machine(), day + h * 60 * MINUTE + m * MINUTE)!.netTxVol;
      return sum / 12;
    });
    expect(Math.max(...hourly)).toBeGreaterThan(2 * Math.min(...hourly));
  });

  it('an INACTIVE machine reads 0 CPU and network, its disks keep their data; nothing before creation', () => {
    const off = simulatedSample(machine({ status: 'INACTIVE' }), NOW)!;
    expect(off).toMatchObject({ cpu: 0, ram: 0, netTxVol: 0, netRxVol: 0, netTxPkg: 0, netRxPkg: 0 });
    expect(off.diskMain).toBeGreaterThan(0);
    expect(simulatedSample(machine({ createdAt: NOW }), NOW - 10 * MINUTE)).toBeNull();
  });
});

describe('ruleValue', () => {
  it('reads memory and disks in percent of the plan, the rest as recorded', () => {
    const cap = capacityOf({ memoryMb: 1000, diskGb: 10 });
    const s = { ...flat(42), ram: cap.memoryBytes / 4, diskMain: 5e9, diskExtra: 1e9 };
    expect(ruleValue('CPU', s, cap)).toBe(42);
    expect(ruleValue('RAM', s, cap)).toBe(25);
    expect(ruleValue('DISK_MAIN', s, cap)).toBe(50);
    expect(ruleValue('DISK_EXTRA', s, cap)).toBe(10);
    expect(ruleValue('NET_TX_VOL', s, cap)).toBe(100);
    expect(ruleValue('NET_RX_PKG', s, cap)).toBe(16_000);
  });
});
