import { Link, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { CookieConsent } from '../consent/CookieConsent';
import { reportError } from '../errors/reportError';

/**
 * What the user sees if routing itself fails (a guard bug, say): a message and a way home, never
 * a blank page; like every screen, with the Cookie Policy button.
 */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  useEffect(() => reportError(error, { phase: 'routing' }), [error]);
  return (
    <>
      <MessageBar intent="error" layout="multiline" role="alert">
        <MessageBarBody>
          <MessageBarTitle>{t('routeError.title')}</MessageBarTitle>
          {t('routeError.body')} <Link href="/">{t('routeError.home')}</Link>
        </MessageBarBody>
      </MessageBar>
      <CookieConsent />
    </>
  );
}
