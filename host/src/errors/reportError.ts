const breadcrumbs: string[] = [];
const MAX_BREADCRUMBS = 100;
/** reports made before error reporting started (start-up), handed to it once it has */
const MAX_EARLY_REPORTS = 10;

/** Where reports go besides the console: Sentry, once configured (`startErrorReporting`). */
export interface ErrorSink {
  captureException(error: unknown, context: Record<string, unknown>): void;
  addBreadcrumb(message: string): void;
}

let sink: ErrorSink | null = null;
let early: { error: unknown; context: Record<string, unknown> }[] | null = [];

/**
 * Sets the sink (null: none will come). Reports made before are handed to it, so a failure of the
 * start-up (identity service down) is not lost while the runtime configuration is read.
 */
export function setErrorSink(next: ErrorSink | null): void {
  sink = next;
  const pending = early ?? [];
  early = null;
  if (next) for (const { error, context } of pending) next.captureException(error, context);
}

export function addBreadcrumb(message: string): void {
  breadcrumbs.push(message);
  if (breadcrumbs.length > MAX_BREADCRUMBS) breadcrumbs.shift();
  sink?.addBreadcrumb(message);
}

/**
 * Reports a runtime error with its context and the latest breadcrumbs: to the console always, and
 * to Sentry when the deployment configured it.
 */
export function reportError(error: unknown, context: Record<string, unknown> = {}): void {
  console.error('[portal] error', context, error, breadcrumbs.slice(-5));
  if (sink) sink.captureException(error, context);
  else if (early && early.length < MAX_EARLY_REPORTS) early.push({ error, context });
}
