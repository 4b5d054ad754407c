import { NotBuiltYet } from '@portal/shared';

export default function ProviderSignupPage() {
  return <NotBuiltYet page="Sign up" />;
}
