import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
} from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

/** What the user sees instead of a page whose remote failed: the section's name and Retry. */
export function RemoteFallback({
  section,
  remote,
  onRetry,
}: {
  section: string;
  remote: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <MessageBar intent="warning" layout="multiline" role="alert" data-remote-section={remote}>
      <MessageBarBody>
        <MessageBarTitle>{t('remoteFallback.title', { section })}</MessageBarTitle>
        {t('remoteFallback.body')}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" icon={<ArrowClockwise20Regular />} onClick={onRetry}>
          {t('remoteFallback.retry')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  );
}
