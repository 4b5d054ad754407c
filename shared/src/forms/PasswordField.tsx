import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';
import { useFormsTranslation } from './useFormsTranslation';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'contentAfter'>;

/** A password input with a Show / Hide switch (people mistype long passwords on phones). */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useFormsTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      autoComplete="current-password"
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          aria-label={visible ? t('password.hideLabel') : t('password.showLabel')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? t('password.hide') : t('password.show')}
        </Button>
      }
    />
  );
}
