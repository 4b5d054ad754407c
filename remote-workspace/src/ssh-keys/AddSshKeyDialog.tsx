import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import {
  FormError,
  fieldError,
  requiredText,
  SubmitButton,
  TextField,
  useValidationText,
  zodValidate,
} from '@portal/shared';
import { Form, useField } from 'react-final-form';
import { useMutation } from 'urql';
import { z } from 'zod';
import { graphqlSubmissionErrors } from '../common/graphqlErrors';
import { ProfileAddSshKeyDocument, type ProfileAddSshKeyMutation } from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  key: { fontFamily: tokens.fontFamilyMonospace, minHeight: '120px' },
});

const validate = zodValidate(
  z.object({ name: requiredText().check(z.maxLength(64)), publicKey: requiredText() }),
);

interface KeyValues {
  name: string;
  publicKey: string;
}

/** Add SSH key: a name and an OpenSSH public key, read, checked and fingerprinted by the api. */
export function AddSshKeyDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (key: ProfileAddSshKeyMutation['addSshKey']) => void;
}) {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const [, add] = useMutation(ProfileAddSshKeyDocument);
  const onSubmit = async (values: KeyValues) => {
    const result = await add({ name: values.name, publicKey: values.publicKey }, { portalNotify: false });
    if (result.error) return graphqlSubmissionErrors(result.error, ['name', 'publicKey']);
    if (result.data) onAdded(result.data.addSshKey);
    return undefined;
  };
  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <Form<KeyValues>
          onSubmit={onSubmit}
          validate={validate}
          render={({ handleSubmit }) => (
            <form noValidate onSubmit={handleSubmit}>
              <DialogBody>
                <DialogTitle>{t('profile.sshKeys.addTitle')}</DialogTitle>
                <DialogContent className={styles.form}>
                  <TextField
                    name="name"
                    label={t('profile.sshKeys.name')}
                    hint={t('profile.sshKeys.nameHint')}
                    required
                  />
                  <PublicKeyField />
                  <FormError />
                </DialogContent>
                <DialogActions>
                  <Button appearance="secondary" onClick={onClose}>
                    {t('profile.common.cancel')}
                  </Button>
                  <SubmitButton>{t('profile.sshKeys.save')}</SubmitButton>
                </DialogActions>
              </DialogBody>
            </form>
          )}
        />
      </DialogSurface>
    </Dialog>
  );
}

function PublicKeyField() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { input, meta } = useField<string>('publicKey', { parse: (value) => value });
  const text = useValidationText();
  const error = text(fieldError(meta));
  return (
    <Field
      label={t('profile.sshKeys.publicKey')}
      hint={t('profile.sshKeys.publicKeyHint')}
      required
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      <Textarea
        name={input.name}
        value={input.value ?? ''}
        onChange={(event) => input.onChange(event.target.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
        className={styles.key}
        spellCheck={false}
        placeholder="ssh-ed25519 AAAA… you@laptop"
        resize="vertical"
      />
    </Field>
  );
}
