/**
 * Time for the compute simulator and the charges: the real clock with unref'd timers in the api,
 * a clock the test moves (`ManualScheduler`) in tests, so nothing ever sleeps.
 */
export interface Scheduler {
  now(): number;
  /** Runs `task` after `ms`. Cancelling a task that already ran does nothing. */
  schedule(ms: number, task: () => Promise<void> | void): { cancel(): void };
}

/** Real timers, unref'd: a pending simulation never keeps the process alive. */
export const realScheduler = (now: () => number = Date.now): Scheduler => ({
  now,
  schedule(ms, task) {
    const timer = setTimeout(() => void task(), Math.max(0, ms));
    timer.unref();
    return { cancel: () => clearTimeout(timer) };
  },
});

interface ManualTask {
  at: number;
  seq: number;
  task: () => Promise<void> | void;
}

/** A clock that moves only when told; `advance` runs the due tasks in order and awaits each. */
export class ManualScheduler implements Scheduler {
  private current: number;
  private seq = 0;
  private tasks: ManualTask[] = [];

  constructor(start = Date.UTC(2026, 10, 23, 12, 0, 0)) {
    this.current = start;
  }

  now(): number {
    return this.current;
  }

  schedule(ms: number, task: () => Promise<void> | void) {
    const entry = { at: this.current + Math.max(0, ms), seq: this.seq++, task };
    this.tasks.push(entry);
    return {
      cancel: () => {
        this.tasks = this.tasks.filter((t) => t !== entry);
      },
    };
  }

  /** How many tasks wait. */
  get pending(): number {
    return this.tasks.length;
  }

  /** Moves the clock by `ms`, running every task that falls due on the way (also ones they schedule). */
  async advance(ms: number): Promise<void> {
    const target = this.current + ms;
    for (;;) {
      const due = this.tasks.filter((t) => t.at <= target).sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (!due) break;
      this.tasks = this.tasks.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      await due.task();
    }
    this.current = target;
  }
}
