import type { OperationResult } from '@urql/core';
import { onEnd, pipe, type Source, subscribe } from 'wonka';

/**
 * One watched query at a time, for the portal's framework-free stores (workspaces, me): `watch`
 * follows a query's results (graphcache re-emits them when the cache changes) and replaces the
 * previous watch; its promise settles with the first fresh answer, or when the source ends (a
 * network failure settles too). After `stop`, or a newer `watch`, an old watch's results are
 * dropped: a late answer never reaches the next user.
 */
export interface QueryWatch {
  watch<Data>(
    source: Source<OperationResult<Data>>,
    onResult: (result: OperationResult<Data>) => void,
  ): Promise<void>;
  /** while a watch waits for its first answer, the promise of it; otherwise undefined */
  whenSettled(): Promise<void> | undefined;
  stop(): void;
  /** a token that changes with every watch and stop: compare it to drop a stale one-off answer */
  generation(): number;
}

export function createQueryWatch(): QueryWatch {
  let generation = 0;
  let unsubscribe: (() => void) | undefined;
  let settling: Promise<void> | undefined;
  const stop = () => {
    generation++;
    unsubscribe?.();
    unsubscribe = undefined;
    settling = undefined;
  };
  return {
    watch(source, onResult) {
      stop();
      const mine = generation;
      let done: () => void = () => {};
      const settled = new Promise<void>((resolve) => {
        done = resolve;
      });
      ({ unsubscribe } = pipe(
        source,
        onEnd(() => done()),
        subscribe((result) => {
          if (mine !== generation) return;
          onResult(result);
          if (!result.stale) done();
        }),
      ));
      const tracked = settled.then(() => {
        if (settling === tracked) settling = undefined;
      });
      settling = tracked;
      return tracked;
    },
    whenSettled: () => settling,
    stop,
    generation: () => generation,
  };
}
