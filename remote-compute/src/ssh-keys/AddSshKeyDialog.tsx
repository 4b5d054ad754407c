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
import { FORM_ERROR } from 'final-form';
import { useMemo } from 'react';
import { Form, useField } from 'react-final-form';
import { useMutation } from 'urql';
import { z } from 'zod';
import { AddSshKeyDocument, type AddSshKeyMutation } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  key: { fontFamily: tokens.fontFamilyMonospace, minHeight: '120px' },
});

type AddedKey = AddSshKeyMutation['addSshKey'];

/** "Add SSH key" right in New instance (like DigitalOcean's create-droplet): name and public key, checked by the api. */
export function AddSshKeyDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (key: AddedKey) => void;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const [, add] = useMutation(AddSshKeyDocument);
  const validate = useMemo(
    () => zodValidate(z.object({ name: requiredText().check(z.maxLength(64)), publicKey: requiredText() })),
    [],
  );
  const onSubmit = async (values: { name?: string; publicKey?: string }) => {
    const result = await add(
      { name: values.name ?? '', publicKey: values.publicKey ?? '' },
      { portalNotify: false },
    );
    if (result.error) {
      const refusal = result.error.graphQLErrors[0];
      const field = (refusal?.extensions as { field?: unknown } | undefined)?.field;
      if (refusal && (field === 'name' || field === 'publicKey')) return { [field]: refusal.message };
      return { [FORM_ERROR]: refusal?.message ?? result.error.message };
    }
    if (result.data) onAdded(result.data.addSshKey);
    return undefined;
  };
  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <Form onSubmit={onSubmit} validate={validate}>
          {({ handleSubmit }) => (
            <form
              noValidate
              onSubmit={(event) => {
                // the dialog is portalled, but React bubbles its submit to New instance's form
                event.stopPropagation();
                return handleSubmit(event);
              }}
            >
              <DialogBody>
                <DialogTitle>{t('sshKeys.addTitle')}</DialogTitle>
                <DialogContent className={styles.form}>
                  <TextField name="name" label={t('sshKeys.name')} hint={t('sshKeys.nameHint')} required />
                  <PublicKeyField />
                  <FormError />
                </DialogContent>
                <DialogActions>
                  <Button appearance="secondary" onClick={onClose}>
                    {t('common.cancel')}
                  </Button>
                  <SubmitButton>{t('sshKeys.save')}</SubmitButton>
                </DialogActions>
              </DialogBody>
            </form>
          )}
        </Form>
      </DialogSurface>
    </Dialog>
  );
}

function PublicKeyField() {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { input, meta } = useField<string>('publicKey');
  const text = useValidationText();
  const error = text(fieldError(meta));
  return (
    <Field
      label={t('sshKeys.publicKey')}
      hint={t('sshKeys.publicKeyHint')}
      required
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      <Textarea
        {...input}
        className={styles.key}
        spellCheck={false}
        placeholder="ssh-ed25519 AAAA… you@laptop"
        resize="vertical"
      />
    </Field>
  );
}
