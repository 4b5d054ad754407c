import { NotBuiltYet } from '@portal/shared';

export default function ReauthenticateFormPage() {
  return <NotBuiltYet page="Confirm it is you" />;
}
