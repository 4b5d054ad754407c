type Reporter = (error: unknown, context: Record<string, unknown>) => void;

const breadcrumbs: string[] = [];
const MAX_BREADCRUMBS = 100;
let reporter: Reporter | null = null;

/** Error reporting service hook-up (set at start-up when a DSN is configured). */
export function setReporter(next: Reporter | null): void {
  reporter = next;
}

export function addBreadcrumb(message: string): void {
  breadcrumbs.push(message);
  if (breadcrumbs.length > MAX_BREADCRUMBS) breadcrumbs.shift();
}

/** Reports a runtime error: always to the console, and to the error reporting service if set up. */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  console.error('[portal] error', context, error, breadcrumbs.slice(-5));
  reporter?.(error, { ...context, breadcrumbs: [...breadcrumbs] });
}
