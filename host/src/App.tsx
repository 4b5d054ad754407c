import { FluentProvider, makeStyles } from '@fluentui/react-components';
import { mainLightTheme, type RuntimeConfig } from '@portal/shared';
import { I18nextProvider } from 'react-i18next';
import { type DataRouter, RouterProvider } from 'react-router';
import { i18n } from './portal/i18n';
import { PortalProvider } from './portal/PortalProvider';
import type { SessionStore } from './session/sessionStore';

const useStyles = makeStyles({ root: { minHeight: '100vh' } });

export function App({
  router,
  store,
  runtimeConfig,
}: {
  router: DataRouter;
  store: SessionStore;
  runtimeConfig: RuntimeConfig;
}) {
  const styles = useStyles();
  return (
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={mainLightTheme} className={styles.root}>
        <PortalProvider router={router} store={store} runtimeConfig={runtimeConfig}>
          <RouterProvider router={router} />
        </PortalProvider>
      </FluentProvider>
    </I18nextProvider>
  );
}
