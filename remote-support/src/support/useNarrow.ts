import { useSyncExternalStore } from 'react';

const media = (query: string) => (typeof window !== 'undefined' ? window.matchMedia?.(query) : undefined);

/** Whether the screen is narrower than `px` (spec breakpoints: md 960). */
export function useNarrower(px: number): boolean {
  const query = `(max-width: ${px - 1}px)`;
  return useSyncExternalStore(
    (onChange) => {
      const list = media(query);
      list?.addEventListener?.('change', onChange);
      return () => list?.removeEventListener?.('change', onChange);
    },
    () => media(query)?.matches === true,
    () => false,
  );
}
