import { NotBuiltYet } from '@portal/shared';

export default function SSOCallbackPage() {
  return <NotBuiltYet page="Signing in" />;
}
