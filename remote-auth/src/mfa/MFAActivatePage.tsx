import { NotBuiltYet } from '@portal/shared';

export default function MFAActivatePage() {
  return <NotBuiltYet page="Activate authenticator app" />;
}
