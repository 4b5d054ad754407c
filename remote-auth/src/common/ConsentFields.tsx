import { Link } from '@fluentui/react-components';
import { CheckboxField } from '@portal/shared';
import { Trans } from 'react-i18next';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { useLegalLinks } from './legal';

/** A legal document's name: a link opening in a new tab, or (no address configured) plain text. */
const legalLink = (href: string | null) =>
  href ? <Link href={href} target="_blank" rel="noopener" /> : <span />;

/** The two sign-up consents (spec section 5): personal data processing (required), marketing (optional). */
export function ConsentFields() {
  const { t } = useAuthTranslation();
  const links = useLegalLinks();
  return (
    <>
      <CheckboxField
        name="consent_personal_data"
        required
        label={
          <Trans
            t={t}
            i18nKey="signup.consentPersonalData"
            components={{ privacy: legalLink(links.privacyPolicy), sms: legalLink(links.smsTerms) }}
          />
        }
      />
      <CheckboxField name="consent_marketing" label={t('signup.consentMarketing')} />
    </>
  );
}
