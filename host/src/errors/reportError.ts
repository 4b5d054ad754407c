const breadcrumbs: string[] = [];
const MAX_BREADCRUMBS = 100;

export function addBreadcrumb(message: string): void {
  breadcrumbs.push(message);
  if (breadcrumbs.length > MAX_BREADCRUMBS) breadcrumbs.shift();
}

/**
 * Reports a runtime error with its context and the latest breadcrumbs. The console is the only
 * sink until error reporting (Sentry, configured at runtime) joins with the shell's chrome.
 */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  console.error('[portal] error', context, error, breadcrumbs.slice(-5));
}
