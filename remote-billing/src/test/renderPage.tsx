import { portalMe, type RenderOptions, renderPage as render } from '@portal/shared/testing/react';
import type { ReactElement } from 'react';

export { portalWorkspace } from '@portal/shared/testing/react';

/** The shared harness, signed in (`me`) as `email` (default demo@example.com), whose role the page reads. */
export const renderPage = (page: ReactElement, options: RenderOptions & { email?: string } = {}) =>
  render(page, {
    ...options,
    me: portalMe({
      email: options.email ?? 'demo@example.com',
      firstName: 'Demo',
      lastName: 'Customer',
      phone: '',
      timezone: 'UTC',
    }),
  });
