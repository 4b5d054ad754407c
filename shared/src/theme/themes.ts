import { type BrandVariants, createLightTheme, type Theme } from '@fluentui/react-components';

// Primary dark blue of the main theme (spec section 2), as a Fluent brand ramp.
const portalBlue: BrandVariants = {
  10: '#020305',
  20: '#0b1a2c',
  30: '#0c2749',
  40: '#0b3362',
  50: '#0a3f7b',
  60: '#0a4b93',
  70: '#1457a6',
  80: '#2763b0',
  90: '#3a70ba',
  100: '#4c7dc3',
  110: '#5e8acc',
  120: '#7098d4',
  130: '#83a6dc',
  140: '#97b4e3',
  150: '#abc3ea',
  160: '#c0d2f0',
};

// The alternative light theme of the sign-in pages: the same brand on a softer canvas.
const authTeal: BrandVariants = {
  10: '#010404',
  20: '#061c1f',
  30: '#072e34',
  40: '#063b44',
  50: '#044955',
  60: '#035766',
  70: '#046678',
  80: '#0a748a',
  90: '#1b8398',
  100: '#2d92a6',
  110: '#40a1b3',
  120: '#55afc0',
  130: '#6cbecc',
  140: '#86ccd8',
  150: '#a2dae3',
  160: '#c0e7ee',
};

export const mainLightTheme: Theme = createLightTheme(portalBlue);
export const authLightTheme: Theme = { ...createLightTheme(authTeal), colorNeutralBackground2: '#f3f6f9' };

export type ThemeName = 'app' | 'auth';

/** Any path containing /auth/ uses the alternative theme unless its route asks for the app theme. */
export function themeForPath(pathname: string, routeTheme?: ThemeName): ThemeName {
  if (routeTheme) return routeTheme;
  return pathname.includes('/auth/') ? 'auth' : 'app';
}

/** Responsive breakpoints (spec section 9); mobile is below lg. */
export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export const SCROLL_DURATION_MS = 300;
