import { makeStyles, tokens } from '@fluentui/react-components';
import { BREAKPOINTS } from '@portal/shared';
import type { ReactNode } from 'react';
import { AppBar } from './AppBar';
import { NavigationDrawer } from './NavigationDrawer';
import { useDrawerState } from './useDrawerState';

const useStyles = makeStyles({
  body: { display: 'flex', flex: 1, minHeight: 0 },
  main: {
    flex: 1,
    minWidth: 0,
    padding: tokens.spacingHorizontalXL,
    backgroundColor: tokens.colorNeutralBackground2,
    [`@media (max-width: ${BREAKPOINTS.sm - 0.02}px)`]: { padding: tokens.spacingHorizontalM },
  },
});

/**
 * The shell's chrome around a page: app bar (drawer toggle, brand, title, Support, account menu)
 * and the navigation drawer with the workspace switcher. A lazy chunk (`chrome.tsx`).
 */
export function ChromeLayout({ title, children }: { title?: string | undefined; children: ReactNode }) {
  const styles = useStyles();
  const drawer = useDrawerState();
  return (
    <>
      <AppBar title={title} drawer={{ open: drawer.open, onToggle: drawer.toggle }} />
      <div className={styles.body}>
        <NavigationDrawer open={drawer.open} mobile={drawer.mobile} onClose={drawer.close} />
        <main className={styles.main}>{children}</main>
      </div>
    </>
  );
}
