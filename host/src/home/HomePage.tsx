import { Button, Spinner } from '@fluentui/react-components';
import { AddCircle24Regular, BuildingMultiple24Regular, ErrorCircle24Regular } from '@fluentui/react-icons';
import { EmptyState, usePortal } from '@portal/shared';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { servicesEnabled } from '../shell/drawerItems';

/** Where Home sends a user whose workspace has services: its Dashboard. */
export function dashboardPath(contractUid: string): string {
  return `/workspace/${encodeURIComponent(contractUid)}/dashboard`;
}

/**
 * Home (title Welcome). A user whose current workspace has services goes straight to its
 * Dashboard (replace: Back does not bounce through Home). Everyone else gets the welcome screen
 * telling them what to do next: no workspace → how to get one (an invitation, or support);
 * a workspace without services → Add new Service; the list could not be loaded → Try again.
 */
export function HomePage() {
  const { t } = useTranslation('shell');
  const { session, workspace, workspacesStatus, navigate, refetch } = usePortal();
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
  };

  if (session.isAuthenticated && workspacesStatus === 'loading') {
    return <Spinner label={t('home.loading')} />;
  }
  if (workspace && servicesEnabled(workspace)) {
    return <Navigate to={dashboardPath(workspace.contractUid)} replace />;
  }
  const title = t('home.title');
  if (workspacesStatus === 'error') {
    return (
      <EmptyState
        headingLevel={1}
        media={<ErrorCircle24Regular />}
        title={title}
        text={t('home.loadFailed')}
        action={<Button onClick={() => void refetch()}>{t('home.retry')}</Button>}
      />
    );
  }
  if (workspace) {
    return (
      <EmptyState
        headingLevel={1}
        media={<AddCircle24Regular />}
        title={title}
        text={t('home.noServices', { name: workspace.workspaceName })}
        action={
          <Button as="a" href="/new-instance" appearance="primary" onClick={go('/new-instance')}>
            {t('home.addService')}
          </Button>
        }
      />
    );
  }
  if (workspacesStatus === 'loaded') {
    return (
      <EmptyState
        headingLevel={1}
        media={<BuildingMultiple24Regular />}
        title={title}
        text={t('home.noWorkspace')}
        action={
          <Button as="a" href="/support" appearance="primary" onClick={go('/support')}>
            {t('home.contactSupport')}
          </Button>
        }
      />
    );
  }
  // signed out (not reached through the guard) or nothing known yet
  return <EmptyState headingLevel={1} title={title} text={t('home.body')} />;
}
