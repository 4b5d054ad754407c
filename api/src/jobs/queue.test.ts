import { describe, expect, it } from 'vitest';
import { ManualScheduler } from '../compute/scheduler.js';
import { captureLogs } from '../test/helpers.js';
import { LocalJobQueue, nextSlot, slotJobId } from './queue.js';

// The in-process engine (PGlite): the handlers pg-boss runs with PostgreSQL, on a clock the test moves.
describe('LocalJobQueue', () => {
  const { logger } = captureLogs();

  it('runs a job at once, retries a failure with backoff on the clock, and gives up after the limit', async () => {
    const scheduler = new ManualScheduler();
    const queue = new LocalJobQueue(scheduler, logger);
    const attempts: number[] = [];
    await queue.define<{ to: string }>(
      'mail.deliver',
      async ({ to }) => {
        attempts.push(scheduler.now());
        if (to === 'down@example.com' || attempts.length === 1) throw new Error('SMTP 421');
      },
      { retryLimit: 2, retryDelayS: 30, retryBackoff: true },
    );
    await queue.start();
    await queue.send('mail.deliver', { to: 'a@example.com' }); // fails, does not throw
    expect(attempts).toHaveLength(1);
    await scheduler.advance(29_999);
    expect(attempts).toHaveLength(1);
    await scheduler.advance(1);
    expect(attempts).toHaveLength(2); // the retry succeeded
    await scheduler.advance(10 * 60_000);
    expect(attempts).toHaveLength(2);

    attempts.length = 0;
    const start = scheduler.now();
    await queue.send('mail.deliver', { to: 'down@example.com' });
    await scheduler.advance(10 * 60_000);
    // first try, then 30 s and 60 s later: 1 + retryLimit attempts
    expect(attempts.map((at) => at - start)).toEqual([0, 30_000, 90_000]);
    expect(scheduler.pending).toBe(0);
    await queue.stop();
  });

  it('runs a deferred job when it falls due, and not after stop', async () => {
    const scheduler = new ManualScheduler();
    const queue = new LocalJobQueue(scheduler, logger);
    const ran: string[] = [];
    await queue.define<{ id: string }>('later', async ({ id }) => {
      ran.push(id);
    });
    await queue.send('later', { id: 'a' }, { afterMs: 5_000 });
    await queue.send('later', { id: 'b' }, { afterMs: 60_000 });
    await scheduler.advance(5_000);
    expect(ran).toEqual(['a']);
    await queue.stop();
    await scheduler.advance(60_000);
    expect(ran).toEqual(['a']);
  });

  it('runs a periodic job every interval from start, or aligned to the wall clock with an offset', async () => {
    const scheduler = new ManualScheduler(Date.UTC(2026, 10, 30, 23, 0));
    const queue = new LocalJobQueue(scheduler, logger);
    const ticks: number[] = [];
    const daily: string[] = [];
    await queue.every('tick', { intervalMs: 10_000 }, async ({ at }) => {
      ticks.push(at - Date.UTC(2026, 10, 30, 23, 0));
    });
    await queue.every('daily', { intervalMs: 86_400_000, offsetMs: 300_000 }, async ({ at }) => {
      daily.push(new Date(at).toISOString());
    });
    await scheduler.advance(30_000);
    expect(ticks).toEqual([10_000, 20_000, 30_000]);
    expect(daily).toEqual([]);
    await scheduler.advance(65 * 60_000 - 30_000); // 00:05 UTC
    expect(daily).toEqual(['2026-12-01T00:05:00.000Z']);
    await queue.stop();
    expect(scheduler.pending).toBe(0);
  });

  it('aligns slots to the wall clock and names a slot the same in every process', () => {
    expect(nextSlot({ intervalMs: 86_400_000, offsetMs: 300_000 }, Date.UTC(2026, 10, 30, 23, 0))).toEqual({
      slot: Date.UTC(2026, 11, 1) / 86_400_000,
      at: Date.UTC(2026, 11, 1, 0, 5),
    });
    expect(nextSlot({ intervalMs: 10_000 }, 20_000)).toEqual({ slot: 3, at: 30_000 });
    expect(slotJobId('compute.charges', 7)).toBe(slotJobId('compute.charges', 7));
    expect(slotJobId('compute.charges', 7)).not.toBe(slotJobId('compute.charges', 8));
    expect(slotJobId('compute.charges', 7)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
