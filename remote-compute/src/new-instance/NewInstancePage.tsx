import { NotBuiltYet } from '@portal/shared';

export default function NewInstancePage() {
  return <NotBuiltYet page="Add new Service" />;
}
