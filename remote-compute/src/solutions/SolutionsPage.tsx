import { NotBuiltYet } from '@portal/shared';

export default function SolutionsPage() {
  return <NotBuiltYet page="Solutions" />;
}
