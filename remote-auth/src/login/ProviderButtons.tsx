import { Button, Divider } from '@fluentui/react-components';
import { usePortal } from '@portal/shared';
import { Stack } from '../common/Stack';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { redirectToProvider } from './redirectToProvider';

/** One button per configured identity provider (allauth /config `socialaccount.providers`). */
export function ProviderButtons() {
  const { session } = usePortal();
  const { t } = useAuthTranslation();
  const providers = session.config?.socialaccount?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <Stack>
      <Divider>{t('login.or')}</Divider>
      {providers.map((provider) => (
        <Button key={provider.id} onClick={() => redirectToProvider(provider.id)}>
          {t('login.provider', { name: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}
