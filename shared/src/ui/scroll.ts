import { SCROLL_DURATION_MS } from '../theme/themes';

/** Vuetify's default easing, which the spec's 300 ms default scroll comes with. */
const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

export interface ScrollOptions {
  /** ms; default the spec's 300 (section 9) */
  duration?: number;
  /** px left above the element (the app bar); default 80 */
  offset?: number;
  /** the page's window (tests pass a fake) */
  win?: {
    readonly scrollY: number;
    scrollTo(x: number, y: number): void;
    requestAnimationFrame(callback: FrameRequestCallback): number;
    matchMedia?(query: string): { matches: boolean };
  };
}

/**
 * Scrolls the page so that `target` sits `offset` px below the top, eased over `duration` ms; at
 * once for a user who prefers reduced motion. Resolves when the scroll is done.
 */
export function scrollToElement(
  target: Element,
  { duration = SCROLL_DURATION_MS, offset = 80, win = window }: ScrollOptions = {},
): Promise<void> {
  const from = win.scrollY;
  const to = Math.max(0, from + target.getBoundingClientRect().top - offset);
  const reduced = win.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
  if (duration <= 0 || reduced || from === to) {
    win.scrollTo(0, to);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let start: number | undefined;
    const step = (now: number) => {
      start ??= now;
      const progress = Math.min(1, (now - start) / duration);
      win.scrollTo(0, from + (to - from) * easeInOutCubic(progress));
      if (progress < 1) win.requestAnimationFrame(step);
      else resolve();
    };
    win.requestAnimationFrame(step);
  });
}
