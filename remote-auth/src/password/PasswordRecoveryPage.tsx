import { NotBuiltYet } from '@portal/shared';

export default function PasswordRecoveryPage() {
  return <NotBuiltYet page="Choose a new password" />;
}
