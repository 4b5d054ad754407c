import { Spinner } from '@fluentui/react-components';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

export function LoadingState() {
  const { t } = useAuthTranslation();
  return <Spinner size="small" label={t('common.loading')} />;
}
