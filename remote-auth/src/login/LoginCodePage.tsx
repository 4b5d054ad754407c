import { NotBuiltYet } from '@portal/shared';

export default function LoginCodePage() {
  return <NotBuiltYet page="Login by code" />;
}
