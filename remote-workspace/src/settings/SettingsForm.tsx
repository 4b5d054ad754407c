import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { FormError, SubmitButton, TextField, usePortal, zodValidate } from '@portal/shared';
import { SelectField, TextareaField } from '@portal/shared/fields';
import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { useMutation, useQuery } from 'urql';
import { refusal } from '../common/refusal';
import {
  CountriesDocument,
  UpdateWorkspaceSettingsDocument,
  type WorkspaceSettingsFieldsFragment,
} from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';
import { CountryField } from './CountryField';
import {
  CURRENCIES,
  SETTINGS_FIELDS,
  type SettingsValues,
  settingsInput,
  settingsSchema,
  settingsValues,
} from './settingsForm';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  section: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 240px), 1fr))',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
    border: 'none',
    margin: 0,
    padding: 0,
    minWidth: 0,
    '& > *': { minWidth: 0 },
  },
  legend: {
    gridColumn: '1 / -1',
    padding: 0,
    marginBottom: tokens.spacingVerticalXS,
    fontSize: tokens.fontSizeBase400,
    fontWeight: tokens.fontWeightSemibold,
  },
  wide: { gridColumn: '1 / -1' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** The workspace's data (spec section 3, "Workspace as edited"): editable by Administrative only. */
export function SettingsForm({
  settings,
  canManage,
}: {
  settings: WorkspaceSettingsFieldsFragment;
  canManage: boolean;
}) {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { notify, refetch } = usePortal();
  const [countries] = useQuery({ query: CountriesDocument });
  const [, update] = useMutation(UpdateWorkspaceSettingsDocument);
  const validate = useMemo(() => zodValidate(settingsSchema), []);
  const initialValues = useMemo(() => settingsValues(settings), [settings]);
  const currencies = useMemo(
    () => [...new Set([settings.currencyCode, ...CURRENCIES])].map((code) => ({ value: code, label: code })),
    [settings.currencyCode],
  );
  const onSubmit = async (values: SettingsValues) => {
    const result = await update(
      { contractUid: settings.contractUid, input: settingsInput(values) },
      { portalNotify: false },
    );
    if (result.error) return refusal(result.error, SETTINGS_FIELDS);
    notify({ type: 'success', message: t('workspaceSettings.saved') });
    // the workspace's name shows in the app bar and the switcher
    void refetch(settings.contractUid);
    return undefined;
  };
  const field = (name: (typeof SETTINGS_FIELDS)[number], extra: Record<string, unknown> = {}) => (
    <TextField name={name} label={t(`workspaceSettings.fields.${name}`)} disabled={!canManage} {...extra} />
  );
  return (
    <Form<SettingsValues>
      onSubmit={onSubmit}
      validate={validate}
      initialValues={initialValues}
      // a live update of another field must not throw away what the user is typing
      keepDirtyOnReinitialize
    >
      {({ handleSubmit }) => (
        <form className={styles.form} onSubmit={handleSubmit} noValidate>
          {!canManage && (
            <MessageBar intent="info">
              <MessageBarBody>{t('workspaceSettings.readOnly')}</MessageBarBody>
            </MessageBar>
          )}
          <fieldset className={styles.section}>
            <legend className={styles.legend}>{t('workspaceSettings.sections.workspace')}</legend>
            {field('name', { required: true, maxLength: 80 })}
            <SelectField
              name="currencyCode"
              label={t('workspaceSettings.fields.currencyCode')}
              hint={t('workspaceSettings.fields.currencyHint')}
              options={currencies}
              disabled={!canManage}
            />
          </fieldset>
          <fieldset className={styles.section}>
            <legend className={styles.legend}>{t('workspaceSettings.sections.representative')}</legend>
            {field('representativeFirstName', { autoComplete: 'off' })}
            {field('representativeLastName', { autoComplete: 'off' })}
            {field('representativeEmail', { type: 'email', autoComplete: 'off' })}
            {field('representativeMobile', {
              type: 'tel',
              hint: t('workspaceSettings.fields.representativeMobileHint'),
              autoComplete: 'off',
            })}
          </fieldset>
          <fieldset className={styles.section}>
            <legend className={styles.legend}>{t('workspaceSettings.sections.account')}</legend>
            {field('accountName', { required: true })}
            {field('taxId', { hint: t('workspaceSettings.fields.taxIdHint') })}
          </fieldset>
          <fieldset className={styles.section}>
            <legend className={styles.legend}>{t('workspaceSettings.sections.address')}</legend>
            <div className={styles.wide}>{field('street')}</div>
            {field('zip', { autoComplete: 'off' })}
            {field('city')}
            <CountryField countries={countries.data?.countries ?? []} disabled={!canManage} />
          </fieldset>
          <fieldset className={styles.section}>
            <legend className={styles.legend}>{t('workspaceSettings.sections.invoice')}</legend>
            <div className={styles.wide}>
              <TextareaField
                name="invoiceNote"
                label={t('workspaceSettings.fields.invoiceNote')}
                hint={t('workspaceSettings.fields.invoiceNoteHint')}
              />
            </div>
          </fieldset>
          <FormError />
          {canManage && (
            <div className={styles.actions}>
              <SubmitButton>{t('workspaceSettings.save')}</SubmitButton>
            </div>
          )}
        </form>
      )}
    </Form>
  );
}
