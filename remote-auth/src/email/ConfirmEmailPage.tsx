import { NotBuiltYet } from '@portal/shared';

export default function ConfirmEmailPage() {
  return <NotBuiltYet page="Confirm e-mail" />;
}
