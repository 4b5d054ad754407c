import {
  Field,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Select,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import {
  FormError,
  fieldError,
  PasswordField,
  requiredText,
  SubmitButton,
  usePortal,
  useValidationText,
  zodValidate,
} from '@portal/shared';
import { FORM_ERROR } from 'final-form';
import { useMemo } from 'react';
import { Form, useField, useFormState } from 'react-final-form';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { ComputeCatalogDocument, RebuildInstanceDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import type { InstanceRow } from '../instances/instanceList';
import { withCredentials } from '../new-instance/newInstanceForm';
import { SshKeysField } from '../ssh-keys/SshKeysField';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  text: { margin: 0 },
  // the native select is as wide as its longest option: keep it in the column on a phone
  select: { minWidth: 0, maxWidth: '100%', '& > select': { minWidth: 0, maxWidth: '100%' } },
  field: { minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' },
});

interface RebuildValues {
  imageUid?: string;
  rootPassword?: string;
  sshKeyUids?: string[];
}
const FIELDS = ['imageUid', 'rootPassword', 'sshKeyUids'];

/**
 * Settings › Rebuild: another image, a new root password or SSH keys, and the portal's confirm
 * dialog naming the instance (its disk is wiped). The instance turns Installing at once and Active
 * when `instanceChanged` says so.
 */
export function RebuildSection({ instance }: { instance: InstanceRow }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { confirm, notify } = usePortal();
  const [{ data }] = useQuery({ query: ComputeCatalogDocument });
  const [, rebuild] = useMutation(RebuildInstanceDocument);
  const validate = useMemo(
    () =>
      withCredentials(
        zodValidate(
          z.object({
            imageUid: requiredText(),
            rootPassword: z.string().optional(),
            sshKeyUids: z.array(z.string()).optional(),
          }),
        ),
      ),
    [],
  );
  const images = data?.computeCatalog.images ?? [];
  const busy = instance.status === 'INSTALLING' || !!instance.pendingAction || !!instance.resizingTo;

  const onSubmit = async (values: RebuildValues) => {
    const image = images.find((item) => item.uid === values.imageUid);
    const confirmed = await confirm({
      title: t('lifecycle.rebuildTitle'),
      text: t('lifecycle.rebuildConfirmText', {
        name: instance.name,
        image: image?.name ?? values.imageUid,
        interpolation: { escapeValue: true },
      }),
      confirmText: t('lifecycle.rebuildConfirm'),
    });
    if (!confirmed) return undefined;
    const result = await rebuild(
      {
        input: {
          contractUid: instance.contractUid,
          uid: instance.uid,
          imageUid: values.imageUid ?? '',
          rootPassword: values.rootPassword || null,
          sshKeyUids: values.sshKeyUids ?? [],
        },
      },
      { portalNotify: false },
    );
    if (result.error) {
      const refusal = result.error.graphQLErrors[0];
      const field = (refusal?.extensions as { field?: unknown } | undefined)?.field;
      return typeof field === 'string' && FIELDS.includes(field)
        ? { [field]: refusal?.message }
        : { [FORM_ERROR]: refusal?.message ?? result.error.message };
    }
    notify({
      type: 'success',
      message: t('lifecycle.rebuilding', { name: instance.name, image: image?.name }),
    });
    return undefined;
  };

  const byKind = (kind: 'OS' | 'APPLICATION') =>
    images.filter((image) => image.kind === kind).map((image) => ({ value: image.uid, label: image.name }));

  return (
    <section className={styles.section} aria-labelledby="rebuild-heading">
      <Subtitle2 as="h2" id="rebuild-heading">
        {t('lifecycle.rebuildHeading')}
      </Subtitle2>
      <p className={styles.text}>{t('lifecycle.rebuildText')}</p>
      {busy && (
        <MessageBar intent="info">
          <MessageBarBody>{t('lifecycle.rebuildInstalling')}</MessageBarBody>
        </MessageBar>
      )}
      <Form<RebuildValues>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={{ imageUid: instance.image.uid }}
      >
        {({ handleSubmit, form }) => (
          <form
            className={styles.section}
            noValidate
            onSubmit={async (event) => {
              await handleSubmit(event);
              if (form.getState().submitSucceeded) form.restart({ imageUid: instance.image.uid });
            }}
          >
            <ImageSelect
              label={t('lifecycle.image')}
              groups={[
                { heading: t('newInstance.os'), choices: byKind('OS') },
                { heading: t('newInstance.apps'), choices: byKind('APPLICATION') },
              ].filter((group) => group.choices.length > 0)}
            />
            <SshKeysField />
            <RebuildPassword />
            <FormError />
            <div>
              <SubmitButton disabled={busy}>{t('lifecycle.rebuild')}</SubmitButton>
            </div>
          </form>
        )}
      </Form>
    </section>
  );
}

function RebuildPassword() {
  const { t } = useComputeTranslation();
  const { values } = useFormState<RebuildValues>({ subscription: { values: true } });
  const withKey = (values.sshKeyUids?.length ?? 0) > 0;
  return (
    <PasswordField
      name="rootPassword"
      label={t('newInstance.rootPassword')}
      hint={withKey ? t('sshKeys.passwordOptional') : t('lifecycle.passwordOrKey')}
      autoComplete="new-password"
      required={!withKey}
    />
  );
}

/** The image to rebuild with: a compact select grouped like New instance (a long list of radios would not fit here). */
function ImageSelect({
  label,
  groups,
}: {
  label: string;
  groups: ReadonlyArray<{ heading: string; choices: ReadonlyArray<{ value: string; label: string }> }>;
}) {
  const styles = useStyles();
  const { input, meta } = useField<string>('imageUid');
  const text = useValidationText();
  const error = text(fieldError(meta));
  return (
    <Field
      className={styles.field}
      label={label}
      required
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      <Select
        value={input.value ?? ''}
        onChange={(_event, data) => input.onChange(data.value)}
        onBlur={input.onBlur}
      >
        {groups.map((group) => (
          <optgroup key={group.heading} label={group.heading}>
            {group.choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
    </Field>
  );
}
