import { portalMe, type RenderOptions, renderPage as render } from '@portal/shared/testing/react';
import type { ReactElement } from 'react';

export { portalMe, portalWorkspace, type RenderOptions } from '@portal/shared/testing/react';

/** The shared harness, signed in as Ada Lovelace with her preferences unless `me` says otherwise. */
export const renderPage = (page: ReactElement, options: RenderOptions = {}) =>
  render(page, { ...options, me: options.me === undefined ? portalMe() : options.me });
