import {
  type BrandVariants,
  createDarkTheme,
  createLightTheme,
  type Theme,
} from '@fluentui/react-components';

// Primary dark blue of the main theme (spec section 2), as a Fluent brand ramp.
const portalBlue: BrandVariants = {
  10: '#010203',
  20: '#061222',
  30: '#081d38',
  40: '#0a284d',
  50: '#0b3362',
  60: '#0a3f7b',
  70: '#0b4587',
  80: '#0a4b93',
  90: '#1f5ba2',
  100: '#346bb0',
  110: '#4a7cbd',
  120: '#608dc9',
  130: '#779fd4',
  140: '#8fb1df',
  150: '#a8c4e9',
  160: '#c2d7f2',
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

/**
 * Dark variants of both themes, from the same brand ramps. Fluent's dark theme takes its brand
 * foregrounds (links, selected items, focus accents) from the dark end of the ramp, too dark on a
 * dark canvas: they move up the ramp, as Fluent's theme designer recommends.
 */
function darkFrom(brand: BrandVariants): Theme {
  return {
    ...createDarkTheme(brand),
    colorBrandForeground1: brand[130],
    colorBrandForeground2: brand[140],
    colorBrandForeground2Hover: brand[150],
    colorBrandForegroundLink: brand[130],
    colorBrandForegroundLinkHover: brand[140],
    colorBrandForegroundLinkPressed: brand[120],
    colorBrandForegroundLinkSelected: brand[130],
    colorNeutralForeground2BrandHover: brand[130],
    colorNeutralForeground2BrandPressed: brand[120],
    colorNeutralForeground2BrandSelected: brand[130],
    colorNeutralForeground3BrandHover: brand[130],
    colorNeutralForeground3BrandPressed: brand[120],
    colorNeutralForeground3BrandSelected: brand[130],
    colorCompoundBrandForeground1: brand[130],
    colorCompoundBrandForeground1Hover: brand[140],
    colorCompoundBrandForeground1Pressed: brand[120],
    colorCompoundBrandStroke: brand[130],
    colorCompoundBrandStrokeHover: brand[140],
    colorCompoundBrandStrokePressed: brand[120],
  };
}

export const mainDarkTheme: Theme = darkFrom(portalBlue);
export const authDarkTheme: Theme = darkFrom(authTeal);

export type ThemeName = 'app' | 'auth';
/** What the page is shown in: the user's choice, or the system's when they chose none. */
export type ColorScheme = 'light' | 'dark';

const THEMES: Readonly<Record<ThemeName, Readonly<Record<ColorScheme, Theme>>>> = {
  app: { light: mainLightTheme, dark: mainDarkTheme },
  auth: { light: authLightTheme, dark: authDarkTheme },
};

/** The Fluent theme of a theme name (app or auth pages) in a colour scheme. */
export function themeFor(name: ThemeName, scheme: ColorScheme): Theme {
  return THEMES[name][scheme];
}

/** Any path containing /auth/ uses the alternative theme unless its route asks for the app theme. */
export function themeForPath(pathname: string, routeTheme?: ThemeName): ThemeName {
  if (routeTheme) return routeTheme;
  return pathname.includes('/auth/') ? 'auth' : 'app';
}

/** Responsive breakpoints (spec section 9); mobile is below lg. */
export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export const SCROLL_DURATION_MS = 300;
