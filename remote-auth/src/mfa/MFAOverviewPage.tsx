import { NotBuiltYet } from '@portal/shared';

export default function MFAOverviewPage() {
  return <NotBuiltYet page="Two-factor authentication" />;
}
