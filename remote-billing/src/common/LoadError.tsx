import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import type { CombinedError } from 'urql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';

/** A failed read: the api's message (the permission message as it is) and Try again. */
export function LoadError({ error, retry }: { error: CombinedError; retry: () => void }) {
  const { t } = useBillingTranslation();
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        {t('common.loadFailed', { detail: error.graphQLErrors[0]?.message ?? error.message })}
      </MessageBarBody>
      <MessageBarActions>
        <Button size="small" onClick={retry}>
          {t('common.retry')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
