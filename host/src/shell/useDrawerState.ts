import { BREAKPOINTS } from '@portal/shared';
import { useCallback, useEffect, useState } from 'react';

const mobileQuery = `(max-width: ${BREAKPOINTS.lg - 0.02}px)`;

/** Drawer open by default (spec section 4); on mobile (below lg) it overlays and starts closed. */
export function useDrawerState() {
  const [mobile, setMobile] = useState(() => window.matchMedia(mobileQuery).matches);
  const [open, setOpen] = useState(() => !window.matchMedia(mobileQuery).matches);
  useEffect(() => {
    const media = window.matchMedia(mobileQuery);
    const onChange = () => {
      setMobile(media.matches);
      setOpen(!media.matches);
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);
  const toggle = useCallback(() => setOpen((o) => !o), []);
  const close = useCallback(() => setOpen(false), []);
  return { open, mobile, toggle, close };
}
