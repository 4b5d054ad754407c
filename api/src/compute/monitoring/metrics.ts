import type { InstanceStatus } from '../tables.js';

/**
 * The metrics of an instance (spec section 3's alert metrics), their units, the simulator's
 * believable shape and the aggregation of per-minute values into a chart's points. Pure: no
 * database, no clock; `service.ts` feeds it.
 */
export const ALERT_METRICS = [
  'CPU',
  'RAM',
  'DISK_MAIN',
  'DISK_EXTRA',
  'NET_TX_VOL',
  'NET_RX_VOL',
  'NET_TX_PKG',
  'NET_RX_PKG',
] as const;
export type AlertMetric = (typeof ALERT_METRICS)[number];

/**
 * One minute of an instance. Units: cpu %, ram and disks bytes used, network volume Mbps, packets
 * pps (spec section 9 shows the last four divided by 1000, as Gbps and kpps).
 */
export interface Sample {
  cpu: number;
  ram: number;
  diskMain: number;
  diskExtra: number;
  netTxVol: number;
  netRxVol: number;
  netTxPkg: number;
  netRxPkg: number;
}
export type SampleField = keyof Sample;
export const SAMPLE_FIELDS: readonly SampleField[] = [
  'cpu',
  'ram',
  'diskMain',
  'diskExtra',
  'netTxVol',
  'netRxVol',
  'netTxPkg',
  'netRxPkg',
];

export const METRIC_FIELD: Readonly<Record<AlertMetric, SampleField>> = {
  CPU: 'cpu',
  RAM: 'ram',
  DISK_MAIN: 'diskMain',
  DISK_EXTRA: 'diskExtra',
  NET_TX_VOL: 'netTxVol',
  NET_RX_VOL: 'netRxVol',
  NET_TX_PKG: 'netTxPkg',
  NET_RX_PKG: 'netRxPkg',
};

/** What a machine has: the plan's memory and disk, and the extra (data) volume. */
export interface Capacity {
  memoryBytes: number;
  diskMainBytes: number;
  diskExtraBytes: number;
}

export interface MachineShape {
  uid: string;
  status: InstanceStatus;
  createdAt: number;
  vcpus: number;
  memoryMb: number;
  diskGb: number;
}

const MB = 1024 * 1024;
const GB = 1e9;

/**
 * The catalogue has no volumes yet: the simulator gives every machine a data volume as large as the
 * plan's disk, so DISK_EXTRA has something to measure.
 */
export function capacityOf(machine: Pick<MachineShape, 'memoryMb' | 'diskGb'>): Capacity {
  return {
    memoryBytes: machine.memoryMb * MB,
    diskMainBytes: machine.diskGb * GB,
    diskExtraBytes: machine.diskGb * GB,
  };
}

/**
 * The value an alert rule compares: CPU, RAM and the disks in percent (of the plan's memory and
 * disk), network volume in Mbps and packets in pps.
 */
export function ruleValue(metric: AlertMetric, sample: Sample, capacity: Capacity): number {
  switch (metric) {
    case 'CPU':
      return sample.cpu;
    case 'RAM':
      return (100 * sample.ram) / capacity.memoryBytes;
    case 'DISK_MAIN':
      return (100 * sample.diskMain) / capacity.diskMainBytes;
    case 'DISK_EXTRA':
      return (100 * sample.diskExtra) / capacity.diskExtraBytes;
    default:
      return sample[METRIC_FIELD[metric]];
  }
}

// --- the simulator's shape --------------------------------------------------------------------

/** FNV-1a, 32 bits: a stable number from text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) from a seed and an integer (mulberry32's mix): the same inputs, the same value. */
function noise(seed: number, n: number): number {
  let t = (seed + Math.imul(n, 0x6d2b79f5)) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Per machine: its load level, the hour of its daily peak, how busy its network is. */
function traits(uid: string) {
  const seed = hash(uid);
  return {
    seed,
    base: 6 + noise(seed, 1) * 26,
    swing: 8 + noise(seed, 2) * 22,
    peakHour: 10 + noise(seed, 3) * 10,
    traffic: 15 + noise(seed, 4) * 260,
    ramLevel: 0.3 + noise(seed, 5) * 0.3,
    diskStart: 0.18 + noise(seed, 6) * 0.3,
    extraStart: 0.08 + noise(seed, 7) * 0.45,
  };
}

/**
 * What the simulated machine reads at minute `at` (ms, any instant inside the minute): a daily cycle
 * peaking in the afternoon of its own hour, quieter weekends, noise, and now and then a spike of a
 * quarter of an hour. Memory follows the load, the disks fill slowly since creation. An INACTIVE
 * machine reads 0 (its disks keep their data); an INSTALLING one is busy writing its image. Before
 * `createdAt` there is nothing (null).
 */
export function simulatedSample(machine: MachineShape, at: number): Sample | null {
  if (at < machine.createdAt - MINUTE) return null;
  const minute = Math.floor(at / MINUTE);
  const tr = traits(machine.uid);
  const cap = capacityOf(machine);
  const age = Math.max(0, at - machine.createdAt) / DAY;
  const diskMain =
    cap.diskMainBytes * clamp(tr.diskStart + age * 0.0006 + noise(tr.seed, minute) * 0.002, 0, 0.97);
  const diskExtra =
    cap.diskExtraBytes * clamp(tr.extraStart + age * 0.0009 + noise(tr.seed + 7, minute) * 0.002, 0, 0.97);
  if (machine.status === 'INACTIVE')
    return { cpu: 0, ram: 0, diskMain, diskExtra, netTxVol: 0, netRxVol: 0, netTxPkg: 0, netRxPkg: 0 };
  if (machine.status === 'INSTALLING') {
    const rx = 300 + noise(tr.seed, minute) * 200;
    return {
      cpu: 70 + noise(tr.seed + 1, minute) * 25,
      ram: cap.memoryBytes * 0.4,
      diskMain,
      diskExtra,
      netTxVol: 2,
      netRxVol: rx,
      netTxPkg: 300,
      netRxPkg: rx * 110,
    };
  }
  const hourOfDay = (at % DAY) / (60 * MINUTE);
  const daily = (1 + Math.cos(((hourOfDay - tr.peakHour) / 24) * 2 * Math.PI)) / 2;
  const weekday = new Date(at).getUTCDay();
  const week = weekday === 0 || weekday === 6 ? 0.65 : 1;
  // a spike: some quarter hours of some days
  const spike =
    noise(tr.seed + 3, Math.floor(minute / 15)) < 0.012 ? 35 + noise(tr.seed + 4, minute) * 25 : 0;
  const load = clamp(
    (tr.base + tr.swing * daily) * week + (noise(tr.seed, minute) - 0.5) * 6 + spike,
    0.5,
    100,
  );
  const ram =
    cap.memoryBytes * clamp(tr.ramLevel + load / 250 + (noise(tr.seed + 2, minute) - 0.5) * 0.02, 0.05, 0.98);
  const traffic =
    tr.traffic * (0.15 + 0.85 * daily) * week * (0.85 + noise(tr.seed + 5, minute) * 0.3) + spike * 4;
  const tx = traffic;
  const rx = traffic * (0.35 + noise(tr.seed + 6, minute) * 0.1);
  // about 800 bytes a packet out, 300 in (acknowledgements, requests)
  return {
    cpu: Math.round(load * 100) / 100,
    ram,
    diskMain,
    diskExtra,
    netTxVol: tx,
    netRxVol: rx,
    netTxPkg: (tx * 1e6) / 8 / 800,
    netRxPkg: (rx * 1e6) / 8 / 300,
  };
}

// --- ranges and aggregation -------------------------------------------------------------------

export const METRIC_RANGES = ['HOUR', 'DAY', 'WEEK', 'MONTH'] as const;
export type MetricRange = (typeof METRIC_RANGES)[number];

/**
 * Each range in points of one step: an hour in 60 minutes, a day in 288 × 5 minutes, a week in
 * 168 hours, 30 days in 240 × 3 hours: 60 to 300 points, what a chart of a few hundred pixels shows.
 */
export const RANGE_STEPS: Readonly<Record<MetricRange, { minutes: number; points: number }>> = {
  HOUR: { minutes: 1, points: 60 },
  DAY: { minutes: 5, points: 288 },
  WEEK: { minutes: 60, points: 168 },
  MONTH: { minutes: 180, points: 240 },
};

export interface Window {
  /** first bucket's start, ms */
  from: number;
  /** the end of the last bucket (the minute now is in, exclusive), ms */
  to: number;
  stepMs: number;
  points: number;
}

/** The buckets of a range ending with the minute `now` is in, aligned to whole steps (UTC). */
export function rangeWindow(range: MetricRange, now: number): Window {
  const { minutes, points } = RANGE_STEPS[range];
  const stepMs = minutes * MINUTE;
  const to = Math.floor(now / stepMs) * stepMs + stepMs;
  return { from: to - points * stepMs, to, stepMs, points };
}

/** A stored minute: what the sampler recorded (it wins over the simulator's shape). */
export interface StoredMinute extends Sample {
  at: number;
}

export interface Point extends Partial<Record<SampleField, number | null>> {
  at: number;
}

/** The recorded minutes of one bucket, added up (the database sums them: `recordedBuckets`). */
export interface Recorded {
  n: number;
  total: Sample;
}

/** Recorded minutes summed per bucket of a window, as the database's `group by` gives them. */
export function bucketsOf(window: Window, minutes: readonly StoredMinute[]): Map<number, Recorded> {
  const buckets = new Map<number, Recorded>();
  for (const minute of minutes) {
    if (minute.at < window.from || minute.at >= window.to) continue;
    const bucket = Math.floor((minute.at - window.from) / window.stepMs);
    const entry = buckets.get(bucket) ?? { n: 0, total: zero() };
    entry.n += 1;
    for (const field of SAMPLE_FIELDS) entry.total[field] += minute[field];
    buckets.set(bucket, entry);
  }
  return buckets;
}

/**
 * The points of a window for one machine: in each bucket the mean of its minutes, the recorded ones
 * as recorded and the others as the simulated shape, read at up to 12 instants of the bucket (a
 * 3-hour bucket is read every 15 minutes: cheap, and a spike still shows). A bucket the recorder
 * covers entirely is its recorded mean; one it does not touch, the shape's. Minutes before the
 * machine existed count as nothing; a bucket with nothing is null (a gap in the chart).
 */
export function aggregate(
  window: Window,
  recorded: ReadonlyMap<number, Recorded>,
  simulate: (at: number) => Sample | null,
): Point[] {
  const minutes = window.stepMs / MINUTE;
  const reads = Math.min(12, Math.max(1, minutes));
  const every = window.stepMs / reads;
  const points: Point[] = [];
  for (let b = 0; b < window.points; b++) {
    const start = window.from + b * window.stepMs;
    const rec = recorded.get(b) ?? { n: 0, total: zero() };
    const shape = { n: 0, total: zero() };
    if (rec.n < minutes) {
      for (let r = 0; r < reads; r++) {
        const sample = simulate(start + r * every);
        if (!sample) continue;
        shape.n += 1;
        for (const field of SAMPLE_FIELDS) shape.total[field] += sample[field];
      }
    }
    // the minutes the recorder missed, as many as the shape says existed
    const missing = shape.n > 0 ? Math.max(0, (minutes * shape.n) / reads - rec.n) : 0;
    const weight = rec.n + missing;
    const point: Point = { at: start };
    for (const field of SAMPLE_FIELDS)
      point[field] =
        weight > 0
          ? (rec.total[field] + (missing > 0 ? (shape.total[field] / shape.n) * missing : 0)) / weight
          : null;
    points.push(point);
  }
  return points;
}

export function zero(): Sample {
  return { cpu: 0, ram: 0, diskMain: 0, diskExtra: 0, netTxVol: 0, netRxVol: 0, netTxPkg: 0, netRxPkg: 0 };
}

/**
 * The workspace overview: the machines' points added up bucket by bucket (memory, disks, network),
 * CPU as the mean of the machines that report. A bucket where none reports stays null.
 */
export function combine(series: readonly Point[][]): Point[] {
  const first = series[0];
  if (!first) return [];
  return first.map((point, index) => {
    const combined: Point = { at: point.at };
    for (const field of SAMPLE_FIELDS) {
      const values = series.map((s) => s[index]?.[field]).filter((v): v is number => typeof v === 'number');
      if (values.length === 0) combined[field] = null;
      else {
        const total = values.reduce((a, v) => a + v, 0);
        combined[field] = field === 'cpu' ? total / values.length : total;
      }
    }
    return combined;
  });
}
