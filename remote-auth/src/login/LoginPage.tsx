import { NotBuiltYet } from '@portal/shared';

export default function LoginPage() {
  return <NotBuiltYet page="Login" />;
}
