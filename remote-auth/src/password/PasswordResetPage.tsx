import { NotBuiltYet } from '@portal/shared';

export default function PasswordResetPage() {
  return <NotBuiltYet page="Reset password" />;
}
