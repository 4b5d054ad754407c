import { NotBuiltYet } from '@portal/shared';

export default function InstanceDetailsPage() {
  return <NotBuiltYet page="Instance details" />;
}
