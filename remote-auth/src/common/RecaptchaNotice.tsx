import { Caption1, Link } from '@fluentui/react-components';
import { Trans } from 'react-i18next';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

/** Google's required text, shown instead of the hidden reCAPTCHA badge. */
export function RecaptchaNotice() {
  const { t } = useAuthTranslation();
  return (
    <Caption1>
      <Trans
        t={t}
        i18nKey="recaptcha.notice"
        components={{
          privacy: (
            <Link href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer" />
          ),
          terms: <Link href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer" />,
        }}
      />
    </Caption1>
  );
}
