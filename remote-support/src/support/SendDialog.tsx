import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AttachRegular, DismissRegular, DocumentRegular } from '@fluentui/react-icons';
import {
  FormError,
  fieldError,
  formatBytes,
  requiredText,
  SubmitButton,
  TextField,
  usePortal,
  useValidationText,
  zodValidate,
} from '@portal/shared';
import { SelectField, TextareaField } from '@portal/shared/fields';
import { FORM_ERROR } from 'final-form';
import { useMemo, useRef, useState } from 'react';
import { Form, useField, useFormState } from 'react-final-form';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import {
  SendSupportMessageDocument,
  SupportInstancesDocument,
  SupportInvoicesDocument,
  type SupportThreadFieldsFragment,
} from '../gql/graphql';
import { useSupportTranslation } from '../i18n/useSupportTranslation';
import { type FileProblem, fileProblem, type Limits } from './files';

/** The attachment quotas the api refuses a send for (`api/src/support/quota.ts`), by code. */
const QUOTA_REFUSALS = {
  STORAGE_QUOTA_EXCEEDED: 'send.storageQuota',
  UPLOAD_RATE_LIMITED: 'send.uploadRate',
} as const;

const useStyles = makeStyles({
  surface: { maxWidth: 'min(640px, calc(100vw - 24px))', width: '100%', boxSizing: 'border-box' },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  files: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  fileName: {
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    minWidth: 0,
    flexShrink: 1,
  },
  muted: { color: tokens.colorNeutralForeground3, flexShrink: 0 },
  hidden: { display: 'none' },
  addRow: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

export interface ReplyTo {
  uid: string;
  subject: string;
  contractUid: string;
}

interface Values {
  contractUid?: string;
  about?: string;
  subject?: string;
  body?: string;
  attachments?: File[];
}

/**
 * "New message" and "Reply" (one dialog): workspace, optionally one of its instances or invoices,
 * subject (new threads), message and attachments, sent as a GraphQL multipart request. Refusals land
 * on their field (the api names it); nothing typed is lost while the dialog stays open.
 */
export function SendDialog({
  open,
  replyTo,
  limits,
  onClose,
  onSent,
}: {
  open: boolean;
  replyTo: ReplyTo | null;
  limits: Limits;
  onClose: () => void;
  onSent: (thread: SupportThreadFieldsFragment) => void;
}) {
  const styles = useStyles();
  const { t } = useSupportTranslation();
  const portal = usePortal();
  const [, send] = useMutation(SendSupportMessageDocument);
  const validate = useMemo(() => {
    const tooLong = (max: number) => t('send.tooLong', { max: max.toLocaleString() });
    return zodValidate(
      z.object({
        contractUid: requiredText(),
        subject: replyTo
          ? z.any()
          : requiredText().check(z.maxLength(limits.maxSubjectLength, tooLong(limits.maxSubjectLength))),
        body: requiredText().check(z.maxLength(limits.maxBodyLength, tooLong(limits.maxBodyLength))),
      }),
    );
  }, [replyTo, limits, t]);
  const initialValues = useMemo<Values>(
    () => ({
      contractUid: replyTo?.contractUid ?? portal.workspace?.contractUid ?? '',
      about: '',
      subject: replyTo ? replyTo.subject : '',
      body: '',
      attachments: [],
    }),
    [replyTo, portal.workspace?.contractUid],
  );

  const onSubmit = async (values: Values) => {
    const files = values.attachments ?? [];
    const [kind, uid] = (values.about ?? '').split(':');
    const result = await send(
      {
        input: {
          contractUid: values.contractUid ?? '',
          threadUid: replyTo?.uid ?? null,
          subject: replyTo ? null : (values.subject ?? ''),
          body: values.body ?? '',
          instanceUid: kind === 'instance' ? uid : null,
          invoiceUid: kind === 'invoice' ? uid : null,
          attachments: files,
        },
      },
      { portalNotify: false },
    );
    if (result.error) {
      const refusal = result.error.graphQLErrors[0];
      const field = (refusal?.extensions as { field?: unknown } | undefined)?.field;
      // the quota refusals in the user's language; the others as the api words them
      const code = (refusal?.extensions as { code?: unknown } | undefined)?.code;
      const quota = QUOTA_REFUSALS[code as keyof typeof QUOTA_REFUSALS];
      const message = quota ? t(quota) : (refusal?.message ?? result.error.message);
      if (field === 'subject' || field === 'body' || field === 'attachments') return { [field]: message };
      if (field === 'instanceUid' || field === 'invoiceUid') return { about: message };
      return { [FORM_ERROR]: message };
    }
    if (result.data) onSent(result.data.sendSupportMessage);
    return undefined;
  };

  return (
    <Dialog open={open} onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <Form onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
          {({ handleSubmit }) => (
            <form noValidate onSubmit={handleSubmit}>
              <DialogBody>
                <DialogTitle>{replyTo ? t('send.replyTitle') : t('send.newTitle')}</DialogTitle>
                <DialogContent className={styles.form}>
                  {replyTo ? (
                    <Field label={t('send.subject')}>
                      <Caption1>{replyTo.subject}</Caption1>
                    </Field>
                  ) : (
                    <>
                      <SelectField
                        name="contractUid"
                        label={t('send.workspace')}
                        required
                        options={portal.workspaces.map((w) => ({
                          value: w.contractUid,
                          label: w.workspaceName,
                        }))}
                      />
                      <AboutField />
                      <TextField name="subject" label={t('send.subject')} required />
                    </>
                  )}
                  <TextareaField
                    name="body"
                    label={t('send.message')}
                    hint={t('send.messageHint')}
                    required
                    rows={7}
                  />
                  <AttachmentsField limits={limits} />
                  <FormError />
                </DialogContent>
                <DialogActions>
                  <Button appearance="secondary" onClick={onClose}>
                    {t('send.cancel')}
                  </Button>
                  <SubmitButton>{t('send.submit')}</SubmitButton>
                </DialogActions>
              </DialogBody>
            </form>
          )}
        </Form>
      </DialogSurface>
    </Dialog>
  );
}

/** "About": the workspace in general, one of its instances (compute) or one of its invoices. */
function AboutField() {
  const { t } = useSupportTranslation();
  const portal = usePortal();
  const { values } = useFormState<Values>({ subscription: { values: true } });
  const contractUid = values.contractUid ?? '';
  const workspace = portal.workspaces.find((w) => w.contractUid === contractUid);
  const servicesEnabled = (workspace?.services.length ?? 0) > 0;
  const [instances] = useQuery({
    query: SupportInstancesDocument,
    variables: { contractUid },
    pause: !contractUid || !servicesEnabled,
    context: useMemo(() => ({ portalNotify: false }), []),
  });
  const [invoices] = useQuery({
    query: SupportInvoicesDocument,
    variables: { contractUid },
    pause: !contractUid,
    context: useMemo(() => ({ portalNotify: false }), []),
  });
  const options = [
    { value: '', label: t('send.aboutNothing') },
    ...(instances.data?.instances ?? []).map((i) => ({
      value: `instance:${i.uid}`,
      label: t('send.aboutInstance', { name: i.name }),
    })),
    ...(invoices.data?.invoices.items ?? []).map((invoice) => ({
      value: `invoice:${invoice.uid}`,
      label: t('send.aboutInvoice', { number: invoice.number }),
    })),
  ];
  return <SelectField name="about" label={t('send.about')} options={options} />;
}

/** Files to send: added by the picker, each removable; refused at once when over a limit (stated below). */
function AttachmentsField({ limits }: { limits: Limits }) {
  const styles = useStyles();
  const { t } = useSupportTranslation();
  const input = useRef<HTMLInputElement>(null);
  const { input: field, meta } = useField<File[]>('attachments');
  const text = useValidationText();
  const files = field.value || [];
  // a file over a limit is not added: the message names the limit, everything else stays as it was
  const [refused, setRefused] = useState<string | null>(null);
  const describe = (problem: FileProblem) =>
    t(`send.${problem.kind}`, {
      name: 'name' in problem ? problem.name : '',
      count: 'count' in problem ? problem.count : 0,
      limit: formatBytes(problem.kind === 'totalTooLarge' ? limits.maxTotalBytes : limits.maxFileBytes, 0),
    });
  const error = refused ?? text(fieldError(meta));
  return (
    <Field
      label={t('send.attachments')}
      hint={t('send.limits', {
        maxFiles: limits.maxFiles,
        perFile: formatBytes(limits.maxFileBytes, 0),
        total: formatBytes(limits.maxTotalBytes, 0),
      })}
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      <div className={styles.addRow}>
        <Button icon={<AttachRegular />} onClick={() => input.current?.click()}>
          {t('send.addFiles')}
        </Button>
        <input
          ref={input}
          className={styles.hidden}
          type="file"
          multiple
          data-testid="support-files"
          accept={limits.allowedExtensions.map((e) => `.${e}`).join(',')}
          onChange={(event) => {
            const next = [...files, ...(event.target.files ?? [])];
            event.target.value = '';
            const problem = fileProblem(next, limits);
            setRefused(problem ? describe(problem) : null);
            if (!problem) field.onChange(next);
          }}
        />
      </div>
      {files.length > 0 ? (
        <ul className={styles.files}>
          {files.map((file, index) => (
            <li key={`${file.name}:${file.size}:${file.lastModified}`} className={styles.file}>
              <DocumentRegular />
              <span className={styles.fileName}>{file.name}</span>
              <Caption1 className={styles.muted}>{formatBytes(file.size)}</Caption1>
              <Button
                appearance="subtle"
                size="small"
                icon={<DismissRegular />}
                aria-label={t('send.remove', { name: file.name })}
                onClick={() => {
                  setRefused(null);
                  field.onChange(files.filter((_f, i) => i !== index));
                }}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}
