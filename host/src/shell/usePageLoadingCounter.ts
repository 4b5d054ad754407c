import { useCallback, useState } from 'react';

/** Counts the pages loading right now; `track` is what PageLoadingContext hands out. */
export function usePageLoadingCounter(): { loading: boolean; track: () => () => void } {
  const [pending, setPending] = useState(0);
  const track = useCallback(() => {
    setPending((n) => n + 1);
    let ended = false;
    return () => {
      // an end called twice (StrictMode, a retry) must not push the count below the truth
      if (ended) return;
      ended = true;
      setPending((n) => n - 1);
    };
  }, []);
  return { loading: pending > 0, track };
}
