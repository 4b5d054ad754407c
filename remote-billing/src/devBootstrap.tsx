import { mountDevShell } from '@portal/shared/dev-shell';
import BillingPage from './billing/BillingPage';

void mountDevShell('billing', [{ path: '/workspace/:contractUid/billing/:tab?', Component: BillingPage }]);
