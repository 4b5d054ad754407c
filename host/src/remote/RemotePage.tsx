import { REMOTE_SECTIONS, type RemotePageRef } from '@portal/shared';
import { Suspense, useState } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { reportError } from '../errors/reportError';
import { resetRemote } from '../federation/remoteRegistry';
import { lazyRemotePage } from './lazyRemotePage';
import { PageLoading } from './PageLoading';
import { RemoteFallback } from './RemoteFallback';

/**
 * A remote's page inside the host. A remote that is down, answers 404 or is incompatible costs
 * only this page: the boundary shows a fallback naming the section, reports the error once, and
 * Retry loads the remote afresh.
 */
export function RemotePage({
  pageRef,
  title,
  name,
}: {
  pageRef: RemotePageRef;
  title: string;
  name?: string;
}) {
  const { t } = useTranslation('shell');
  // the section's name in the page's language (the route's title, as the app bar shows it)
  const section = name ? t(`routeTitles.${name}`, { defaultValue: title }) : title;
  const [attempt, setAttempt] = useState(0);
  const Page = lazyRemotePage(pageRef, attempt);
  return (
    <ErrorBoundary
      resetKeys={[attempt]}
      onError={(error) => reportError(error, { remote: pageRef.remote, page: pageRef.page })}
      fallbackRender={() => (
        <RemoteFallback
          section={section}
          remote={REMOTE_SECTIONS[pageRef.remote]}
          onRetry={() => {
            resetRemote(pageRef.remote);
            setAttempt((a) => a + 1);
          }}
        />
      )}
    >
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </ErrorBoundary>
  );
}
