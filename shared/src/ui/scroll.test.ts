import { describe, expect, it, vi } from 'vitest';
import { scrollToElement } from './scroll';

/** A window whose animation frames the test runs, `frameMs` apart. */
function fakeWindow({ scrollY = 0, reducedMotion = false } = {}) {
  const frames: FrameRequestCallback[] = [];
  const win = {
    scrollY,
    scrollTo: vi.fn((_x: number, y: number) => {
      win.scrollY = y;
    }),
    requestAnimationFrame: vi.fn((callback: FrameRequestCallback) => frames.push(callback)),
    matchMedia: vi.fn(() => ({ matches: reducedMotion }) as MediaQueryList),
  };
  const runFrames = (frameMs: number) => {
    let now = 1000;
    while (frames.length) {
      frames.shift()!(now);
      now += frameMs;
    }
  };
  return { win, runFrames };
}

const at = (top: number) => ({ getBoundingClientRect: () => ({ top }) as DOMRect }) as Element;

describe('scrollToElement', () => {
  it('eases to the element, offset below the top, over the default 300 ms', async () => {
    const { win, runFrames } = fakeWindow({ scrollY: 100 });
    const done = scrollToElement(at(580), { win });
    runFrames(50);
    await done;
    const ys = win.scrollTo.mock.calls.map(([, y]) => y);
    // 300 ms in 50 ms frames: 7 steps from 100 to 100 + 580 - 80
    expect(ys).toHaveLength(7);
    expect(ys[0]).toBe(100);
    expect(ys.at(-1)).toBe(600);
    expect(ys[3]).toBe(350); // half the time, half the way (symmetric easing)
    expect(ys[1]!).toBeLessThan(100 + 500 / 6); // slow start
    for (let i = 1; i < ys.length; i++) expect(ys[i]!).toBeGreaterThanOrEqual(ys[i - 1]!);
  });

  it('jumps at once when the user prefers reduced motion, or for a zero duration', async () => {
    const reduced = fakeWindow({ reducedMotion: true });
    await scrollToElement(at(500), { win: reduced.win });
    expect(reduced.win.scrollTo.mock.calls).toEqual([[0, 420]]);
    expect(reduced.win.requestAnimationFrame).not.toHaveBeenCalled();
    const instant = fakeWindow();
    await scrollToElement(at(500), { win: instant.win, duration: 0, offset: 0 });
    expect(instant.win.scrollTo.mock.calls).toEqual([[0, 500]]);
  });

  it('never scrolls above the top of the page', async () => {
    const { win } = fakeWindow({ scrollY: 0 });
    await scrollToElement(at(10), { win });
    expect(win.scrollTo.mock.calls).toEqual([[0, 0]]);
  });
});
