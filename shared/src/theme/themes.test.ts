import { describe, expect, it } from 'vitest';
import { authLightTheme, BREAKPOINTS, mainLightTheme, themeForPath } from './themes';

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

  it('has the spec breakpoints', () => {
    expect(BREAKPOINTS).toEqual({ sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
  });
});
