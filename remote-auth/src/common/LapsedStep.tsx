import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { LOGIN_URL, usePortal } from '@portal/shared';
import { useLocation } from 'react-router';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { Row, Stack } from './Stack';

/**
 * A step of a login or sign-up that is no longer pending (it timed out, or was finished or ended
 * elsewhere): what happened, and the way back to the login page. A `redirect` query the step
 * carried goes along, so the new login still ends where the first one was headed.
 */
export function LapsedStep({ text }: { text: string }) {
  const { navigate } = usePortal();
  const { t } = useAuthTranslation();
  const redirect = new URLSearchParams(useLocation().search).get('redirect');
  const to = redirect ? `${LOGIN_URL}?${new URLSearchParams({ redirect })}` : LOGIN_URL;
  return (
    <Stack>
      <MessageBar intent="warning">
        <MessageBarBody>{text}</MessageBarBody>
      </MessageBar>
      <Row>
        <Button appearance="primary" onClick={() => navigate(to)}>
          {t('common.backToLogin')}
        </Button>
      </Row>
    </Stack>
  );
}
