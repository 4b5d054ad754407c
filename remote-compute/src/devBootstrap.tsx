import { mountDevShell } from '@portal/shared/dev-shell';
import ConsolePage from './console/ConsolePage';
import DashboardPage from './dashboard/DashboardPage';
import InstanceDetailsPage from './instances/InstanceDetailsPage';
import NewInstancePage from './new-instance/NewInstancePage';
import ProductsPage from './products/ProductsPage';
import SolutionsPage from './solutions/SolutionsPage';
import StatusPage from './status/StatusPage';

void mountDevShell('compute', [
  { path: '/workspace/:contractUid/dashboard/:tab?', Component: DashboardPage },
  { path: '/workspace/:contractUid/instance/vm/:id/:tab?', Component: InstanceDetailsPage },
  { path: '/new-instance/:service?', Component: NewInstancePage },
  { path: '/console/:instanceUid', Component: ConsolePage },
  { path: '/workspace/:contractUid/status', Component: StatusPage },
  { path: '/products', Component: ProductsPage },
  { path: '/solutions', Component: SolutionsPage },
]);
