import { NotBuiltYet } from '@portal/shared';

export default function ConsolePage() {
  return <NotBuiltYet page="Console" />;
}
