import type { Theme } from '@fluentui/react-components';
import { describe, expect, it } from 'vitest';
import {
  authDarkTheme,
  authLightTheme,
  BREAKPOINTS,
  mainDarkTheme,
  mainLightTheme,
  themeFor,
  themeForPath,
} from './themes';

/** WCAG 2 contrast ratio of two '#rrggbb' colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('themeForPath', () => {
  it('uses the alternative theme on any path containing /auth/', () => {
    expect(themeForPath('/auth/login')).toBe('auth');
    expect(themeForPath('/auth/2fa/totp/activate/')).toBe('auth');
    expect(themeForPath('/x/auth/y')).toBe('auth');
  });

  it('uses the main theme elsewhere, including /auth without a trailing segment', () => {
    expect(themeForPath('/')).toBe('app');
    expect(themeForPath('/workspace/C-1/dashboard')).toBe('app');
    expect(themeForPath('/author')).toBe('app');
  });

  it('lets a route ask for the app theme on an auth path', () => {
    expect(themeForPath('/auth/2fa', 'app')).toBe('app');
  });

  it('main theme is dark blue, the two themes differ', () => {
    expect(mainLightTheme.colorBrandBackground).toBe('#0a4b93');
    expect(authLightTheme.colorBrandBackground).not.toBe(mainLightTheme.colorBrandBackground);
  });

  it('has a dark variant of each theme, picked by colour scheme', () => {
    expect(themeFor('app', 'light')).toBe(mainLightTheme);
    expect(themeFor('app', 'dark')).toBe(mainDarkTheme);
    expect(themeFor('auth', 'light')).toBe(authLightTheme);
    expect(themeFor('auth', 'dark')).toBe(authDarkTheme);
    // the app bar keeps the portal's dark blue in both schemes
    expect(mainDarkTheme.colorBrandBackground).toBe('#0b4587');
    expect(mainDarkTheme.colorNeutralBackground1).not.toBe(mainLightTheme.colorNeutralBackground1);
    // shared/build/index.html paints this canvas before any script runs (no white flash)
    expect(mainDarkTheme.colorNeutralBackground2).toBe('#1f1f1f');
    expect(authDarkTheme.colorNeutralBackground2).toBe('#1f1f1f');
  });

  it.each([
    ['app light', mainLightTheme],
    ['app dark', mainDarkTheme],
    ['auth light', authLightTheme],
    ['auth dark', authDarkTheme],
  ] as [string, Theme][])('%s: texts, links and the app bar are readable (WCAG AA 4.5:1)', (_name, theme) => {
    for (const background of [
      theme.colorNeutralBackground1,
      theme.colorNeutralBackground2,
      theme.colorNeutralBackground3,
    ]) {
      expect(contrast(theme.colorNeutralForeground1, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(theme.colorNeutralForeground2, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(theme.colorBrandForeground1, background)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(theme.colorBrandForegroundLink, background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(theme.colorNeutralForegroundOnBrand, theme.colorBrandBackground)).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(
      contrast(theme.colorNeutralForeground1, theme.colorNeutralBackground1Hover),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('has the spec breakpoints', () => {
    expect(BREAKPOINTS).toEqual({ sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
  });
});
