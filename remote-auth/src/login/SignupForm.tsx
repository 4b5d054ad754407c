import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import {
  FormError,
  PasswordField,
  type SignupValues,
  SubmitButton,
  TextField,
  usePortal,
  useRecaptcha,
  useValidationText,
  VALIDATION_KEYS,
  zodValidate,
} from '@portal/shared';
import { signupSchema, toE164 } from '@portal/shared/phone';
import { Form } from 'react-final-form';
import { ConsentFields } from '../common/ConsentFields';
import { RecaptchaNotice } from '../common/RecaptchaNotice';
import { StackForm } from '../common/Stack';
import { rememberContact } from '../common/signupContact';
import { useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

const validate = zodValidate(signupSchema);
const FIELDS = ['email', 'phone', 'password', 'consent_personal_data', 'consent_marketing'] as const;

/** Sign-up (spec section 5): the e-mail becomes the username; the SMS code goes to the phone. */
export function SignupForm({ referral }: { referral?: string }) {
  const { identity, session } = usePortal();
  const { t } = useAuthTranslation();
  const validationText = useValidationText();
  const settle = useSettle();
  const recaptcha = useRecaptcha('signup');

  if (session.config?.account.is_open_for_signup === false) {
    return (
      <MessageBar intent="info">
        <MessageBarBody>{t('signup.closed')}</MessageBarBody>
      </MessageBar>
    );
  }

  const onSubmit = async (values: SignupValues) => {
    const { email, password, phone } = signupSchema.parse(values);
    const e164 = toE164(phone) ?? phone;
    rememberContact({ email, phone: e164 });
    const recaptchaToken = await recaptcha.getToken();
    const response = await identity.signup({
      email,
      password,
      phone: e164,
      consent_personal_data: true,
      consent_marketing: values.consent_marketing === true,
      ...(referral ? { referral } : {}),
      ...(recaptchaToken ? { recaptcha_token: recaptchaToken } : {}),
    });
    return settle(response, FIELDS);
  };

  return (
    <Form<SignupValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={{ consent_personal_data: false, consent_marketing: false }}
      render={({ handleSubmit }) => (
        <StackForm onSubmit={handleSubmit} label={t('signup.tab')}>
          {referral ? (
            <MessageBar intent="info">
              <MessageBarBody>{t('signup.referral', { code: referral })}</MessageBarBody>
            </MessageBar>
          ) : null}
          <FormError />
          <TextField
            name="email"
            type="email"
            label={t('common.email')}
            hint={t('signup.emailHint')}
            autoComplete="email"
            required
          />
          <TextField
            name="phone"
            type="tel"
            label={t('signup.phone')}
            hint={t('signup.phoneHint')}
            autoComplete="tel"
            required
          />
          <PasswordField
            name="password"
            label={t('common.password')}
            hint={validationText(VALIDATION_KEYS.passwordHint)}
            autoComplete="new-password"
            required
          />
          <PasswordField
            name="passwordConfirm"
            label={t('signup.passwordConfirm')}
            autoComplete="new-password"
            required
          />
          <ConsentFields />
          <SubmitButton>{t('signup.submit')}</SubmitButton>
          {recaptcha.enabled ? <RecaptchaNotice /> : null}
        </StackForm>
      )}
    />
  );
}
