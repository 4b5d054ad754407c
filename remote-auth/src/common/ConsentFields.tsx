import { Link } from '@fluentui/react-components';
import { CheckboxField } from '@portal/shared';
import { Trans } from 'react-i18next';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { LEGAL_LINKS } from './legal';

/** The two sign-up consents (spec section 5): personal data processing (required), marketing (optional). */
export function ConsentFields() {
  const { t } = useAuthTranslation();
  return (
    <>
      <CheckboxField
        name="consent_personal_data"
        required
        label={
          <Trans
            t={t}
            i18nKey="signup.consentPersonalData"
            components={{
              privacy: <Link href={LEGAL_LINKS.privacyPolicy} target="_blank" rel="noopener" />,
              sms: <Link href={LEGAL_LINKS.smsTerms} target="_blank" rel="noopener" />,
            }}
          />
        }
      />
      <CheckboxField name="consent_marketing" label={t('signup.consentMarketing')} />
    </>
  );
}
