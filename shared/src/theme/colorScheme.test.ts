import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyDocumentTheme,
  COLOR_SCHEME_STORAGE_KEY,
  createColorSchemeStore,
  readColorSchemePreference,
  resolveColorScheme,
} from './colorScheme';
import { mainDarkTheme, mainLightTheme } from './themes';

/** A `prefers-color-scheme` the test can flip, with the change event. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  window.matchMedia = (() => media) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('colour scheme', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    // jsdom has no matchMedia of its own
    delete (window as { matchMedia?: unknown }).matchMedia;
  });

  it('follows the system by default, and its changes', () => {
    const system = fakeSystem(true);
    const store = createColorSchemeStore();
    const seen: string[] = [];
    const stop = store.subscribe(() => seen.push(store.getState().scheme));
    expect(store.getState()).toEqual({ preference: 'system', scheme: 'dark' });
    system.set(false);
    expect(store.getState()).toEqual({ preference: 'system', scheme: 'light' });
    expect(seen).toEqual(['light']);
    stop();
    expect(system.listeners.size).toBe(0);
  });

  it('remembers a choice in local storage; System forgets it', () => {
    fakeSystem(false);
    const store = createColorSchemeStore();
    store.setPreference('dark');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(store.getState()).toEqual({ preference: 'dark', scheme: 'dark' });
    // a new page starts with it
    expect(createColorSchemeStore().getState()).toEqual({ preference: 'dark', scheme: 'dark' });
    store.setPreference('system');
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBeNull();
    expect(store.getState().scheme).toBe('light');
  });

  it('an explicit choice wins over the system', () => {
    expect(resolveColorScheme('light', 'dark')).toBe('light');
    expect(resolveColorScheme('dark', 'light')).toBe('dark');
    expect(resolveColorScheme('system', 'dark')).toBe('dark');
  });

  it('reads a stale or unknown stored value as System; light without matchMedia', () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'sepia');
    expect(readColorSchemePreference()).toBe('system');
    expect(createColorSchemeStore().getState()).toEqual({ preference: 'system', scheme: 'light' });
  });

  it('follows a choice made in another tab', () => {
    fakeSystem(false);
    const store = createColorSchemeStore();
    const stop = store.subscribe(() => {});
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    window.dispatchEvent(new StorageEvent('storage', { key: COLOR_SCHEME_STORAGE_KEY }));
    expect(store.getState().scheme).toBe('dark');
    stop();
  });

  it('makes the document follow: canvas colour, color-scheme and its meta tag', () => {
    applyDocumentTheme(mainDarkTheme, 'dark');
    const root = document.documentElement;
    expect(root.style.colorScheme).toBe('dark');
    expect(root.style.backgroundColor).not.toBe('');
    expect(document.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('dark');
    applyDocumentTheme(mainLightTheme, 'light');
    expect(root.style.colorScheme).toBe('light');
    expect(document.querySelectorAll('meta[name="color-scheme"]')).toHaveLength(1);
    expect(document.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('light');
  });
});
