import {
  Body1,
  Combobox,
  Field,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  tokens,
} from '@fluentui/react-components';
import {
  DATE_FORMATS,
  FormError,
  fieldError,
  SubmitButton,
  TIME_FORMATS,
  type UserPreferences,
  usePortal,
} from '@portal/shared';
import { formatDateTime } from '@portal/shared/dates';
import { useMemo, useState } from 'react';
import { Form, useField, useFormState } from 'react-final-form';
import { useMutation } from 'urql';
import { graphqlSubmissionErrors } from '../common/graphqlErrors';
import { Section } from '../common/Section';
import { UpdatePreferencesDocument } from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';
import { filterZones, zoneOptions } from './timeZones';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '560px' },
  example: { color: tokens.colorNeutralForeground2 },
  combobox: { width: '100%', minWidth: 0 },
  // the choices wrap onto a second line on a phone instead of squeezing their labels
  choices: { flexWrap: 'wrap' },
  choice: { whiteSpace: 'nowrap' },
});

const FIELDS = ['timezone', 'dateFormat', 'timeFormat'] as const;

/**
 * Profile › Preferences: time zone (the full IANA list, searchable), date format and time format.
 * Saving writes the answer into the host's `me` (graphcache), so every date of every remote
 * follows at once; the api's `meChanged` does the same in the user's other tabs.
 */
export function PreferencesTab() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { preferences, notify } = usePortal();
  const [, update] = useMutation(UpdatePreferencesDocument);
  const initialValues = useMemo(() => ({ ...preferences }), [preferences]);
  const zones = useMemo(() => new Set(zoneOptions().map((o) => o.zone)), []);
  const validate = (values: Partial<UserPreferences>) =>
    values.timezone && zones.has(values.timezone)
      ? {}
      : { timezone: t('profile.preferences.timezoneUnknown') };

  const onSubmit = async (values: UserPreferences) => {
    const result = await update({ input: values }, { portalNotify: false });
    if (result.error) return graphqlSubmissionErrors(result.error, FIELDS);
    notify({ type: 'success', message: t('profile.preferences.saved') });
    return undefined;
  };

  return (
    <Section title={t('profile.preferences.title')} description={t('profile.preferences.description')}>
      <Form<UserPreferences>
        onSubmit={onSubmit}
        validate={validate}
        initialValues={initialValues}
        keepDirtyOnReinitialize
        render={({ handleSubmit }) => (
          <form
            className={styles.form}
            onSubmit={handleSubmit}
            noValidate
            aria-label={t('profile.preferences.title')}
          >
            <TimeZoneField />
            <ChoiceField
              name="dateFormat"
              label={t('profile.preferences.dateFormat')}
              choices={DATE_FORMATS.map((f) => [f, f])}
            />
            <ChoiceField
              name="timeFormat"
              label={t('profile.preferences.timeFormat')}
              choices={TIME_FORMATS.map((f) => [
                f,
                f === '24h' ? t('profile.preferences.time24h') : t('profile.preferences.time12h'),
              ])}
            />
            <Example />
            <FormError />
            <div>
              <SubmitButton>{t('profile.common.save')}</SubmitButton>
            </div>
          </form>
        )}
      />
    </Section>
  );
}

function TimeZoneField() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { input, meta } = useField<string>('timezone');
  const options = useMemo(() => zoneOptions(), []);
  const labelOf = (zone: string) => options.find((o) => o.zone === zone)?.label ?? zone;
  // what is typed; null: nothing typed since the last choice (the list shows every zone)
  const [query, setQuery] = useState<string | null>(null);
  const shown = query === null ? options : filterZones(options, query);
  const error = fieldError(meta);
  return (
    <Field
      label={t('profile.preferences.timezone')}
      hint={t('profile.preferences.timezoneHint')}
      required
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      <Combobox
        className={styles.combobox}
        value={query ?? labelOf(input.value)}
        selectedOptions={input.value ? [input.value] : []}
        onChange={(event) => setQuery(event.target.value)}
        onOptionSelect={(_event, data) => {
          // typing that matches no option clears the selection (no optionValue): keep the text typed
          if (!data.optionValue) return;
          input.onChange(data.optionValue);
          setQuery(null);
        }}
        onBlur={() => {
          setQuery(null);
          input.onBlur();
        }}
        positioning={{ autoSize: 'width' }}
        listbox={{ style: { maxHeight: '320px' } }}
      >
        {shown.map((option) => (
          <Option key={option.zone} value={option.zone} text={option.label}>
            {option.label}
          </Option>
        ))}
        {shown.length === 0 ? (
          <Option disabled value="" text="">
            {t('profile.preferences.noZone', { query: query ?? '' })}
          </Option>
        ) : null}
      </Combobox>
    </Field>
  );
}

function ChoiceField({ name, label, choices }: { name: string; label: string; choices: [string, string][] }) {
  const styles = useStyles();
  const { input } = useField<string>(name);
  return (
    <Field label={label}>
      <RadioGroup
        className={styles.choices}
        layout="horizontal"
        value={input.value}
        onChange={(_event, data) => input.onChange(data.value)}
      >
        {choices.map(([value, text]) => (
          <Radio key={value} value={value} label={{ children: text, className: styles.choice }} />
        ))}
      </RadioGroup>
    </Field>
  );
}

/** Now, as the chosen preferences would show it. */
function Example() {
  const styles = useStyles();
  const { t } = useWorkspaceTranslation();
  const { values } = useFormState<UserPreferences>({ subscription: { values: true } });
  const [now] = useState(() => new Date());
  return (
    <Body1 className={styles.example} aria-live="polite">
      {t('profile.preferences.example', { example: formatDateTime(now, values) })}
    </Body1>
  );
}
