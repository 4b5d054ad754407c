import { FluentProvider, makeStyles } from '@fluentui/react-components';
import { mainLightTheme, type RuntimeConfig, type SessionState } from '@portal/shared';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { i18n } from './portal/i18n';
import { PortalProvider } from './portal/PortalProvider';
import type { createPortalRouter } from './routes/createRouter';

const useStyles = makeStyles({ root: { minHeight: '100vh' } });

export function App({
  router,
  session,
  runtimeConfig,
}: {
  router: ReturnType<typeof createPortalRouter>;
  session: SessionState;
  runtimeConfig: RuntimeConfig;
}) {
  const styles = useStyles();
  return (
    <I18nextProvider i18n={i18n}>
      <FluentProvider theme={mainLightTheme} className={styles.root}>
        <PortalProvider router={router} session={session} runtimeConfig={runtimeConfig}>
          <RouterProvider router={router} />
        </PortalProvider>
      </FluentProvider>
    </I18nextProvider>
  );
}
