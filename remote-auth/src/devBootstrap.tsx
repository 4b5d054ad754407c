import { mountDevShell } from '@portal/shared/dev-shell';
import ConfirmEmailPage from './email/ConfirmEmailPage';
import InvitationPage from './invitation/InvitationPage';
import LoginCodePage from './login/LoginCodePage';
import LoginPage from './login/LoginPage';
import MFAActivatePage from './mfa/MFAActivatePage';
import MFAOverviewPage from './mfa/MFAOverviewPage';
import MFARecoveryCodesPage from './mfa/MFARecoveryCodesPage';
import MultiFactorAuthorizationPage from './mfa/MultiFactorAuthorizationPage';
import PasswordRecoveryPage from './password/PasswordRecoveryPage';
import PasswordResetPage from './password/PasswordResetPage';
import ReauthenticateFormPage from './reauthenticate/ReauthenticateFormPage';
import ProviderSignupPage from './sso/ProviderSignupPage';
import SSOCallbackPage from './sso/SSOCallbackPage';

void mountDevShell('auth', [
  { path: '/auth/:tab?/:referral?', Component: LoginPage },
  { path: '/auth/login/code/confirm', Component: LoginCodePage },
  { path: '/auth/confirm-email/:confirmKey?', Component: ConfirmEmailPage },
  { path: '/auth/reset-password', Component: PasswordResetPage },
  { path: '/auth/reset-password/key/:keyValue', Component: PasswordRecoveryPage },
  { path: '/auth/reauthenticate', Component: ReauthenticateFormPage },
  { path: '/auth/2fa', Component: MFAOverviewPage },
  { path: '/auth/2fa/totp/activate', Component: MFAActivatePage },
  { path: '/auth/2fa/recovery-codes', Component: MFARecoveryCodesPage },
  { path: '/auth/2fa/authenticate', Component: MultiFactorAuthorizationPage },
  { path: '/auth/2fa/reauthenticate', Component: MultiFactorAuthorizationPage },
  { path: '/auth/provider/signup', Component: ProviderSignupPage },
  { path: '/account/provider/callback', Component: SSOCallbackPage },
  { path: '/invitation/:key', Component: InvitationPage },
]);
