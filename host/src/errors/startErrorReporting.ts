import { type ErrorSink, setErrorSink } from './reportError';
import { sentryOptions } from './sentryOptions';

type Sentry = Pick<typeof import('@sentry/react'), 'init' | 'captureException' | 'addBreadcrumb'>;

/**
 * Starts Sentry when the deployment gives a DSN (runtime configuration); without one Sentry is
 * neither loaded nor initialised and nothing leaves the browser. Loaded on demand, so a portal
 * without error reporting does not download it. Resolves to whether reporting runs.
 */
export async function startErrorReporting(
  dsn: string | null,
  load: () => Promise<Sentry> = () => import('@sentry/react'),
): Promise<boolean> {
  if (!dsn) {
    setErrorSink(null);
    return false;
  }
  try {
    const sentry = await load();
    sentry.init(sentryOptions(dsn));
    const sink: ErrorSink = {
      captureException: (error, context) => sentry.captureException(error, { extra: context }),
      addBreadcrumb: (message) => sentry.addBreadcrumb({ category: 'portal', message }),
    };
    setErrorSink(sink);
    return true;
  } catch (error) {
    setErrorSink(null);
    console.error('[portal] error reporting could not start', error);
    return false;
  }
}
