import type { AuthResponseBody } from '@portal/shared';
import { useCallback, useEffect, useState } from 'react';

/**
 * An identity GET made when the page shows (and again on `reload`); `response` is null while it
 * runs. `load` must be stable for a given input (list that input in `key`).
 */
export function useIdentityLoad(load: () => Promise<AuthResponseBody>, key: string) {
  const [response, setResponse] = useState<AuthResponseBody | null>(null);
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the input of `load`
  useEffect(() => {
    let live = true;
    setResponse(null);
    void load().then((answer) => {
      if (live) setResponse(answer);
    });
    return () => {
      live = false;
    };
  }, [key, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { response, reload, setResponse };
}
