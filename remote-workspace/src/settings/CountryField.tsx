import { Field, Select } from '@fluentui/react-components';
import { fieldError, useValidationText } from '@portal/shared';
import { useMemo } from 'react';
import { useField } from 'react-final-form';
import type { CountriesQuery } from '../gql/graphql';
import { useWorkspaceTranslation } from '../i18n/useWorkspaceTranslation';

type Country = CountriesQuery['countries'][number];

const REGIONS = ['Europe', 'Asia', 'America', 'Africa', 'Australia/Oceania', 'Other'] as const;

const keep = (value: unknown) => value;

/**
 * The country of the address: the api's list grouped by the spec's regions (section 3), names in
 * the portal's language (`Intl.DisplayNames` by ISO code), "Other" (id 0) last.
 */
export function CountryField({ countries, disabled }: { countries: readonly Country[]; disabled?: boolean }) {
  const { t, i18n } = useWorkspaceTranslation();
  const { input, meta } = useField<string>('countryId', { parse: keep });
  const text = useValidationText();
  const error = text(fieldError(meta));
  const groups = useMemo(() => {
    let names: Intl.DisplayNames | undefined;
    try {
      names = new Intl.DisplayNames([i18n.language, 'en'], { type: 'region' });
    } catch {
      names = undefined;
    }
    const collator = new Intl.Collator(i18n.language);
    return REGIONS.map((region) => ({
      region,
      countries: countries
        .filter((c) => c.regionName === region)
        .map((c) => ({
          id: c.id,
          name: c.id === 0 ? t('workspaceSettings.otherCountry') : (names?.of(c.isoCode) ?? c.name),
        }))
        .sort((a, b) => (a.id === 0 ? 1 : b.id === 0 ? -1 : collator.compare(a.name, b.name))),
    })).filter((g) => g.countries.length > 0);
  }, [countries, i18n.language, t]);
  return (
    <Field
      label={t('workspaceSettings.fields.countryId')}
      validationState={error ? 'error' : 'none'}
      validationMessage={error}
    >
      <Select
        style={{ minWidth: 0, width: '100%' }}
        name="countryId"
        value={input.value ?? ''}
        disabled={disabled}
        onChange={(_event, data) => input.onChange(data.value)}
        onBlur={() => input.onBlur()}
        onFocus={() => input.onFocus()}
      >
        {groups.map((group) => (
          <optgroup key={group.region} label={t(`workspaceSettings.regions.${group.region}`)}>
            {group.countries.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {c.name}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
    </Field>
  );
}
