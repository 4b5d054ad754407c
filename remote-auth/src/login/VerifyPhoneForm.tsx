import { Body1, Button, MessageBar, MessageBarBody, Subtitle2 } from '@fluentui/react-components';
import {
  type CodeValues,
  codeSchema,
  FormError,
  SubmitButton,
  TextField,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { useState } from 'react';
import { Form } from 'react-final-form';
import { Row, StackForm } from '../common/Stack';
import { readContact } from '../common/signupContact';
import { errorMessage, useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

const validate = zodValidate(codeSchema);

/** Sign-up is waiting for the SMS registration code (`verify_phone` pending). */
export function VerifyPhoneForm() {
  const { identity } = usePortal();
  const { t } = useAuthTranslation();
  const settle = useSettle();
  const [phone] = useState(() => readContact().phone);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (values: CodeValues) =>
    settle(await identity.verifyPhone(codeSchema.parse(values).code), ['code']);

  const resend = async () => {
    const response = await identity.resendPhoneVerification();
    setResult(
      response.status === 200
        ? { ok: true, text: t('signup.verifyPhone.resent') }
        : { ok: false, text: errorMessage(response, t) },
    );
  };

  return (
    <Form<CodeValues>
      onSubmit={onSubmit}
      validate={validate}
      render={({ handleSubmit }) => (
        <StackForm onSubmit={handleSubmit} label={t('signup.verifyPhone.title')}>
          <Subtitle2 as="h2">{t('signup.verifyPhone.title')}</Subtitle2>
          <Body1>{phone ? t('signup.verifyPhone.sentTo', { phone }) : t('signup.verifyPhone.sent')}</Body1>
          <FormError />
          {result ? (
            <MessageBar intent={result.ok ? 'success' : 'error'}>
              <MessageBarBody>{result.text}</MessageBarBody>
            </MessageBar>
          ) : null}
          <TextField
            name="code"
            label={t('common.code')}
            autoComplete="one-time-code"
            // allauth's SMS codes are letters in two groups (WZRJ-MLSV)
            autoCapitalize="characters"
            required
          />
          <Row>
            <SubmitButton>{t('signup.verifyPhone.submit')}</SubmitButton>
            <Button appearance="subtle" onClick={resend}>
              {t('signup.verifyPhone.resend')}
            </Button>
          </Row>
        </StackForm>
      )}
    />
  );
}
