import type { Theme } from '@fluentui/react-components';
import { useLayoutEffect, useSyncExternalStore } from 'react';
import { type ColorScheme, type ThemeName, themeFor } from './themes';

/** The user's choice in the user menu: the system's scheme (default), or always light or dark. */
export type ColorSchemePreference = 'system' | ColorScheme;
export const COLOR_SCHEME_PREFERENCES: readonly ColorSchemePreference[] = ['system', 'light', 'dark'];

/** Local-storage key of the choice (beside `workspaceUid`, `cookieConsent`); no entry = system. */
export const COLOR_SCHEME_STORAGE_KEY = 'colorScheme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // storage disabled by the browser's privacy settings: the choice lasts for this page only
    return undefined;
  }
}

function isPreference(value: unknown): value is ColorSchemePreference {
  return COLOR_SCHEME_PREFERENCES.includes(value as ColorSchemePreference);
}

/** The stored choice; anything else (nothing, a stale value) is `system`. */
export function readColorSchemePreference(from: Storage | undefined = storage()): ColorSchemePreference {
  let value: string | null | undefined;
  try {
    value = from?.getItem(COLOR_SCHEME_STORAGE_KEY);
  } catch {
    value = null;
  }
  return isPreference(value) ? value : 'system';
}

/** The system's scheme (`prefers-color-scheme`); light where the browser cannot tell. */
export function systemColorScheme(): ColorScheme {
  return typeof window !== 'undefined' && window.matchMedia?.(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveColorScheme(preference: ColorSchemePreference, system: ColorScheme): ColorScheme {
  return preference === 'system' ? system : preference;
}

export interface ColorSchemeState {
  preference: ColorSchemePreference;
  scheme: ColorScheme;
}

export interface ColorSchemeStore {
  getState(): ColorSchemeState;
  subscribe(listener: () => void): () => void;
  setPreference(preference: ColorSchemePreference): void;
}

/**
 * The colour scheme of the page: the stored choice, else the system's, following a change of
 * either (the system switching to dark at sunset, the choice made in another tab).
 */
export function createColorSchemeStore(): ColorSchemeStore {
  const listeners = new Set<() => void>();
  let state: ColorSchemeState = compute();
  let detach: (() => void) | undefined;

  function compute(preference = readColorSchemePreference()): ColorSchemeState {
    return { preference, scheme: resolveColorScheme(preference, systemColorScheme()) };
  }
  function update(next: ColorSchemeState) {
    if (next.preference === state.preference && next.scheme === state.scheme) return;
    state = next;
    for (const listener of listeners) listener();
  }
  function attach() {
    const media = typeof window !== 'undefined' ? window.matchMedia?.(DARK_QUERY) : undefined;
    const onSystem = () => update(compute(state.preference));
    const onStorage = (event: StorageEvent) => {
      if (event.key === COLOR_SCHEME_STORAGE_KEY || event.key === null) update(compute());
    };
    media?.addEventListener?.('change', onSystem);
    window.addEventListener('storage', onStorage);
    return () => {
      media?.removeEventListener?.('change', onSystem);
      window.removeEventListener('storage', onStorage);
    };
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) {
        detach = attach();
        update(compute());
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          detach?.();
          detach = undefined;
        }
      };
    },
    setPreference(preference) {
      const s = storage();
      try {
        if (preference === 'system') s?.removeItem(COLOR_SCHEME_STORAGE_KEY);
        else s?.setItem(COLOR_SCHEME_STORAGE_KEY, preference);
      } catch {
        // quota or privacy settings: the choice holds until the page is left
      }
      update(compute(preference));
    },
  };
}

let pageStore: ColorSchemeStore | undefined;
/** The page's one store (`@portal/shared` is a federation singleton: host and remotes share it). */
export function colorSchemeStore(): ColorSchemeStore {
  pageStore ??= createColorSchemeStore();
  return pageStore;
}

/** The page's colour scheme and the user's choice, with the setter of the user menu. */
export function useColorScheme(store: ColorSchemeStore = colorSchemeStore()) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, setPreference: store.setPreference };
}

/** The Fluent theme of `name` in the page's colour scheme. */
export function usePortalTheme(name: ThemeName, store?: ColorSchemeStore): Theme {
  return themeFor(name, useColorScheme(store).scheme);
}

/**
 * Makes the document itself follow the theme shown: the canvas behind and around the React tree
 * (overscroll, a short page, the moment before the first render) takes the page's background,
 * native controls and scrollbars the scheme, and `<meta name="color-scheme">` says it, so dark
 * mode has no white strip or flash.
 */
export function applyDocumentTheme(theme: Theme, scheme: ColorScheme, doc: Document = document): void {
  const root = doc.documentElement;
  root.style.colorScheme = scheme;
  root.style.backgroundColor = theme.colorNeutralBackground2;
  root.dataset.colorScheme = scheme;
  let meta = doc.head.querySelector<HTMLMetaElement>('meta[name="color-scheme"]');
  if (!meta) {
    meta = doc.createElement('meta');
    meta.name = 'color-scheme';
    doc.head.append(meta);
  }
  meta.content = scheme;
}

/** `applyDocumentTheme` for the theme a component shows, before the browser paints. */
export function useDocumentTheme(theme: Theme, scheme: ColorScheme): void {
  useLayoutEffect(() => applyDocumentTheme(theme, scheme), [theme, scheme]);
}
