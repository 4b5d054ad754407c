import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { FormError, SubmitButton, TextField, usePortal, zodValidate } from '@portal/shared';
import { FORM_ERROR } from 'final-form';
import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { useMutation } from 'urql';
import { z } from 'zod';
import { type IpAddressFieldsFragment, SetReverseDnsDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { isReverseDnsName } from './reverseDns';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Edits the PTR name of a public address; empty restores the provider's default. */
export function ReverseDnsDialog({
  contractUid,
  instanceUid,
  address,
  onClose,
}: {
  contractUid: string;
  instanceUid: string;
  address: IpAddressFieldsFragment;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { notify } = usePortal();
  const [, save] = useMutation(SetReverseDnsDocument);
  const validate = useMemo(
    () =>
      zodValidate(
        z.object({
          rdns: z
            .string()
            .optional()
            .refine((v) => isReverseDnsName(v ?? ''), t('network.rdnsInvalid')),
        }),
      ),
    [t],
  );
  const onSubmit = async ({ rdns }: { rdns?: string }) => {
    const result = await save(
      { contractUid, instanceUid, address: address.address, rdns: rdns?.trim() ?? '' },
      { portalNotify: false },
    );
    if (result.error) {
      const refusal = result.error.graphQLErrors[0];
      if (!refusal) return { [FORM_ERROR]: result.error.message };
      const field = (refusal.extensions as { field?: unknown } | undefined)?.field;
      return field === 'rdns' ? { rdns: refusal.message } : { [FORM_ERROR]: refusal.message };
    }
    const saved = result.data?.setReverseDns;
    notify({
      type: 'success',
      message: saved?.rdnsIsDefault
        ? t('network.rdnsReset', { address: address.address })
        : t('network.rdnsSaved', { address: address.address, name: saved?.rdns }),
    });
    onClose();
    return undefined;
  };
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <Form<{ rdns?: string }>
          onSubmit={onSubmit}
          validate={validate}
          initialValues={{ rdns: address.rdnsIsDefault ? '' : (address.rdns ?? '') }}
        >
          {({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              <DialogBody>
                <DialogTitle>{t('network.rdnsDialogTitle', { address: address.address })}</DialogTitle>
                <DialogContent className={styles.form}>
                  <TextField
                    name="rdns"
                    label={t('network.rdnsLabel')}
                    hint={t('network.rdnsHint')}
                    placeholder={address.rdnsIsDefault ? (address.rdns ?? '') : ''}
                    autoComplete="off"
                    spellCheck={false}
                  />
                  <FormError />
                </DialogContent>
                <DialogActions>
                  <Button appearance="secondary" onClick={onClose}>
                    {t('common.cancel')}
                  </Button>
                  <SubmitButton>{t('network.rdnsSave')}</SubmitButton>
                </DialogActions>
              </DialogBody>
            </form>
          )}
        </Form>
      </DialogSurface>
    </Dialog>
  );
}
