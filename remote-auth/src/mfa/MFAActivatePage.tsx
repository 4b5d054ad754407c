import {
  Body1,
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import {
  type CodeValues,
  codeSchema,
  FormError,
  SubmitButton,
  TextField,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { Form } from 'react-final-form';
import { AuthCard } from '../common/AuthCard';
import { LoadingState } from '../common/LoadingState';
import { RouterLink } from '../common/RouterLink';
import { Row, Stack, StackForm } from '../common/Stack';
import { useIdentityLoad } from '../common/useIdentityLoad';
import { errorMessage, useSettle } from '../common/useSettle';
import { useAuthTranslation } from '../i18n/useAuthTranslation';
import { RECOVERY_CODES_PATH } from './MFAOverviewPage';

const validate = zodValidate(codeSchema);

const useStyles = makeStyles({
  qr: {
    width: '200px',
    height: '200px',
    alignSelf: 'center',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  secret: { fontFamily: tokens.fontFamilyMonospace },
});

/** The otpauth:// URL as an SVG QR code, drawn here (the secret never leaves the page). */
function useQrCode(url: string | undefined): string | undefined {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    if (!url) return;
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      });
    return () => {
      live = false;
    };
  }, [url]);
  return src;
}

/**
 * MFAActivate `/auth/2fa/totp/activate/`: allauth answers 404 with a fresh secret while no
 * authenticator app is set up; the first code from the app activates it.
 */
export default function MFAActivatePage() {
  const { identity, navigate, notify, copy } = usePortal();
  const { t } = useAuthTranslation();
  const settle = useSettle();
  const styles = useStyles();
  const load = useCallback(() => identity.getTotp(), [identity]);
  const { response } = useIdentityLoad(load, 'totp');
  const meta =
    response?.status === 404 ? (response.meta as { secret?: string; totp_url?: string }) : undefined;
  const qr = useQrCode(meta?.totp_url);

  const onSubmit = async (values: CodeValues) => {
    const answer = await identity.activateTotp(codeSchema.parse(values).code);
    if (answer.status === 200) {
      notify({ type: 'success', message: t('mfa.activate.done') });
      navigate(RECOVERY_CODES_PATH);
      return undefined;
    }
    if (answer.status === 401) return undefined; // the host asks to reauthenticate first
    return settle(answer, ['code']);
  };

  let body: ReactNode;
  if (!response) body = <LoadingState />;
  else if (response.status === 200)
    body = (
      <MessageBar intent="success">
        <MessageBarBody>{t('mfa.activate.active')}</MessageBarBody>
      </MessageBar>
    );
  else if (!meta?.secret)
    body = (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(response, t)}</MessageBarBody>
      </MessageBar>
    );
  else {
    const secret = meta.secret;
    body = (
      <Stack>
        <Body1>{t('mfa.activate.step1')}</Body1>
        {qr ? <img className={styles.qr} src={qr} alt={t('mfa.activate.qr')} /> : <LoadingState />}
        <Field label={t('mfa.activate.secret')}>
          <Input
            className={styles.secret}
            value={secret}
            readOnly
            contentAfter={
              <Button appearance="transparent" size="small" onClick={() => void copy(secret)}>
                {t('mfa.activate.copy')}
              </Button>
            }
          />
        </Field>
        <Form<CodeValues>
          onSubmit={onSubmit}
          validate={validate}
          render={({ handleSubmit }) => (
            <StackForm onSubmit={handleSubmit} label={t('mfa.activate.title')}>
              <Body1>{t('mfa.activate.step2')}</Body1>
              <FormError />
              <TextField
                name="code"
                label={t('mfa.totpCode')}
                autoComplete="one-time-code"
                inputMode="numeric"
                required
              />
              <Row>
                <SubmitButton>{t('mfa.activate.submit')}</SubmitButton>
              </Row>
            </StackForm>
          )}
        />
      </Stack>
    );
  }

  return (
    <AuthCard title={t('mfa.activate.title')}>
      {body}
      <RouterLink to="/auth/2fa">{t('mfa.activate.back')}</RouterLink>
    </AuthCard>
  );
}
