import { NotBuiltYet } from '@portal/shared';

export default function MFARecoveryCodesPage() {
  return <NotBuiltYet page="Recovery codes" />;
}
