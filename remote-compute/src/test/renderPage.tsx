// The shared test harness of a remote's page (PortalContext, router, Fluent, i18next, urql).
export { portalWorkspace, type RenderOptions, renderPage } from '@portal/shared/testing/react';
