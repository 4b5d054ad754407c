import { Tab, TabList } from '@fluentui/react-components';
import { pendingFlow, usePortal } from '@portal/shared';
import { lazy, Suspense } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { AuthCard } from '../common/AuthCard';
import { LoadingState } from '../common/LoadingState';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { LoginForm } from './LoginForm';
import { VerifyEmailPending } from './VerifyEmailPending';
import { VerifyPhoneForm } from './VerifyPhoneForm';

// the sign-up form is a chunk of its own: with its phone check (libphonenumber-js and its metadata,
// about 130 kB) it stays off the login form's first screen (issue 14)
const SignupForm = lazy(() => import('./SignupForm').then((module) => ({ default: module.SignupForm })));

/**
 * Login `/auth/:tab?/:referral?`: the tabs Log in (`/auth/login`) and Sign up (`/auth/signup`,
 * `/auth/signup/:referral`). While sign-up waits for the e-mail link or the SMS code, the sign-up
 * tab shows that step instead of the form.
 */
export default function LoginPage() {
  const { tab, referral } = useParams();
  const [searchParams] = useSearchParams();
  const { search } = useLocation();
  const { session, navigate } = usePortal();
  const { t } = useAuthTranslation();
  const current = tab === 'signup' ? 'signup' : 'login';
  const flow = pendingFlow(session.auth)?.id;

  let signup = (
    <Suspense fallback={<LoadingState />}>
      <SignupForm referral={referral} />
    </Suspense>
  );
  if (flow === 'verify_email') signup = <VerifyEmailPending />;
  else if (flow === 'verify_phone') signup = <VerifyPhoneForm />;

  return (
    <AuthCard title={t('login.heading')}>
      <TabList
        aria-label={t('login.tabs')}
        selectedValue={current}
        // keep the query: a `redirect` must survive switching between log in and sign up
        onTabSelect={(_event, data) =>
          navigate(`${data.value === 'signup' ? '/auth/signup' : '/auth/login'}${search}`)
        }
      >
        <Tab value="login">{t('login.tab')}</Tab>
        <Tab value="signup">{t('signup.tab')}</Tab>
      </TabList>
      {current === 'login' ? <LoginForm providerError={searchParams.get('error')} /> : signup}
    </AuthCard>
  );
}
