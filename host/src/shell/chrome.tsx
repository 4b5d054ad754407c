import { lazy, type ReactNode, Suspense } from 'react';
import { BrandBar } from './BrandBar';

type ChromeModule = typeof import('./ChromeLayout');

let loaded: ChromeModule | undefined;
let loading: Promise<ChromeModule> | undefined;

/**
 * Loads the chrome (app bar, drawer, menus, workspace switcher: `ChromeLayout`), once. The guard
 * loader calls it for a page it lets through that shows the chrome, so the page renders with it at
 * once; the sign-in pages never load it (issue 14).
 */
export function loadChrome(): Promise<ChromeModule> {
  loading ??= import('./ChromeLayout').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined; // the next render tries again
      throw error;
    },
  );
  return loading;
}

const LazyChromeLayout = lazy(() => loadChrome().then((module) => ({ default: module.ChromeLayout })));

/** The chrome around `children`; while it loads (if nothing preloaded it), the brand bar alone. */
export function Chrome({ title, children }: { title?: string | undefined; children: ReactNode }) {
  if (loaded) return <loaded.ChromeLayout title={title}>{children}</loaded.ChromeLayout>;
  return (
    <Suspense fallback={<BrandBar />}>
      <LazyChromeLayout title={title}>{children}</LazyChromeLayout>
    </Suspense>
  );
}
