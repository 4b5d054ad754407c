import { NotBuiltYet } from '@portal/shared';

export default function DashboardPage() {
  return <NotBuiltYet page="Dashboard" />;
}
