import { NotBuiltYet } from '@portal/shared';

export default function SupportPage() {
  return <NotBuiltYet page="Support" />;
}
