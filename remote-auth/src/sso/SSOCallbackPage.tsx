import { readNextPath, takeNextPath, usePortal } from '@portal/shared';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AuthCard } from '../common/AuthCard';
import { LoadingState } from '../common/LoadingState';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { callbackDestination } from './callbackDestination';

/** SSOCallback `/account/provider/callback`: allauth's return point after a provider login. */
export default function SSOCallbackPage() {
  const { session, navigate } = usePortal();
  const [searchParams] = useSearchParams();
  const { t } = useAuthTranslation();
  const error = searchParams.get('error');
  const decided = useRef(false);

  useEffect(() => {
    // once: the saved path is used up (and StrictMode runs effects twice)
    if (decided.current) return;
    decided.current = true;
    const isAuthenticated = session.isAuthenticated;
    const nextPath = isAuthenticated ? takeNextPath() : readNextPath();
    navigate(callbackDestination({ isAuthenticated, auth: session.auth, nextPath, error }), {
      replace: true,
    });
  }, [session.isAuthenticated, session.auth, error, navigate]);

  return (
    <AuthCard title={t('sso.signingIn')}>
      <LoadingState />
    </AuthCard>
  );
}
