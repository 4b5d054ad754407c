import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 639px)';

const media = () => (typeof window !== 'undefined' ? window.matchMedia?.(QUERY) : undefined);

/** Whether the screen is phone-narrow (below 640 px): some lists turn into cards there. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = media();
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => media()?.matches === true,
    () => false,
  );
}
