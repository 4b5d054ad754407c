import type { Theme } from '@fluentui/react-components';
import { type ThemeName, themeFor, useColorScheme, useDocumentTheme } from '@portal/shared';

/**
 * The theme of the shell: the theme name the path asks for (app or auth pages) in the user's colour
 * scheme (System / Light / Dark of the user menu, remembered). The document's canvas and
 * `<meta name="color-scheme">` follow, so no white shows around or before the page in dark mode.
 */
export function useShellTheme(name: ThemeName): Theme {
  const { scheme } = useColorScheme();
  const theme = themeFor(name, scheme);
  useDocumentTheme(theme, scheme);
  return theme;
}
