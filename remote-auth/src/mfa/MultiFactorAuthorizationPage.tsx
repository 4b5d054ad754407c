import { NotBuiltYet } from '@portal/shared';

export default function MultiFactorAuthorizationPage() {
  return <NotBuiltYet page="Two-factor authentication" />;
}
