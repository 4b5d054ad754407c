import type { OperationResult } from '@urql/core';
import { onEnd, pipe, type Source, subscribe } from 'wonka';

/**
 * Keeps watching a query's results (graphcache re-emits them when the cache changes) and tells
 * when the first fresh answer is in, or the source ended (a network failure settles too).
 */
export function watchQuery<Data>(
  source: Source<OperationResult<Data>>,
  onResult: (result: OperationResult<Data>) => void,
): { settled: Promise<void>; stop: () => void } {
  let done: () => void = () => {};
  const settled = new Promise<void>((resolve) => {
    done = resolve;
  });
  const { unsubscribe } = pipe(
    source,
    onEnd(() => done()),
    subscribe((result) => {
      onResult(result);
      if (!result.stale) done();
    }),
  );
  return { settled, stop: unsubscribe };
}
