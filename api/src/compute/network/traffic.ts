import { createHash } from 'node:crypto';

const MONTH_SECONDS = 30 * 86_400;

function fraction(uid: string, salt: string): number {
  return createHash('sha256').update(`${salt}:${uid}`).digest().readUInt32BE(0) / 0x1_0000_0000;
}

/** The calendar month (UTC) an instant counts in: `2026-11`. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/** The first instant of the next month (UTC): when the counters start again. */
export function nextMonthStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
}

/**
 * The simulator's outbound traffic of a running instance, bytes per second: each machine uses its
 * own share of its plan's transfer (4 % to 34 % of it over a month), more in the afternoon than at
 * night (UTC).
 */
export function outboundRate(uid: string, includedBytes: number, at: Date): number {
  const share = 0.04 + 0.3 * fraction(uid, 'out');
  const hour = at.getUTCHours() + at.getUTCMinutes() / 60;
  const daily = 1 + 0.45 * Math.sin((2 * Math.PI * (hour - 8)) / 24);
  return ((share * includedBytes) / MONTH_SECONDS) * daily;
}

/** Inbound is a fixed part of outbound per machine (15 % to 50 %): servers send more than they receive. */
export function inboundRatio(uid: string): number {
  return 0.15 + 0.35 * fraction(uid, 'in');
}

/** Traffic a running instance used from the start of the month until `at` (the seed's starting point). */
export function monthToDate(uid: string, includedBytes: number, at: Date, runningShare = 1) {
  const start = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
  const seconds = ((at.getTime() - start) / 1000) * runningShare;
  const share = 0.04 + 0.3 * fraction(uid, 'out');
  const outboundBytes = Math.round((share * includedBytes * seconds) / MONTH_SECONDS);
  return { outboundBytes, inboundBytes: Math.round(outboundBytes * inboundRatio(uid)) };
}

export const TB = 1e12;
