import { mountDevShell } from '@portal/shared/dev-shell';
import SupportPage from './support/SupportPage';

void mountDevShell('support', [{ path: '/support', Component: SupportPage }]);
