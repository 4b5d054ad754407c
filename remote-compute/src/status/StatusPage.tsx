import { NotBuiltYet } from '@portal/shared';

export default function StatusPage() {
  return <NotBuiltYet page="Status" />;
}
