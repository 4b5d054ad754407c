import { VALIDATION_KEYS as M } from '@portal/shared';
import { mobilePhoneProblem } from '@portal/shared/phone';
import { z } from 'zod';
import type { WorkspaceSettingsFieldsFragment, WorkspaceSettingsInput } from '../gql/graphql';

/** The form's values: the input of `updateWorkspaceSettings`, the country as a string for the select. */
export type SettingsValues = Omit<WorkspaceSettingsInput, 'countryId'> & { countryId: string };

/** The fields the api may name in `extensions.field` (the same names as the form's). */
export const SETTINGS_FIELDS = [
  'name',
  'currencyCode',
  'representativeFirstName',
  'representativeLastName',
  'representativeEmail',
  'representativeMobile',
  'accountName',
  'taxId',
  'city',
  'street',
  'countryId',
  'zip',
  'invoiceNote',
] as const;

/** Currencies offered; the workspace's own is added when it is another one. */
export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'PLN', 'CZK', 'SEK', 'DKK', 'NOK'] as const;

export function settingsValues(settings: WorkspaceSettingsFieldsFragment): SettingsValues {
  return {
    name: settings.name,
    currencyCode: settings.currencyCode,
    representativeFirstName: settings.representative.firstName,
    representativeLastName: settings.representative.lastName,
    representativeEmail: settings.representative.email,
    representativeMobile: settings.representative.mobile,
    accountName: settings.accountName,
    taxId: settings.taxId,
    city: settings.address.city,
    street: settings.address.street,
    countryId: String(settings.address.countryId),
    zip: settings.address.zip,
    invoiceNote: settings.invoiceNote,
  };
}

export const settingsInput = (values: SettingsValues): WorkspaceSettingsInput => {
  const text = (key: Exclude<keyof SettingsValues, 'countryId'>) => (values[key] ?? '').trim();
  return {
    name: text('name'),
    currencyCode: text('currencyCode'),
    representativeFirstName: text('representativeFirstName'),
    representativeLastName: text('representativeLastName'),
    representativeEmail: text('representativeEmail'),
    representativeMobile: text('representativeMobile'),
    accountName: text('accountName'),
    taxId: text('taxId'),
    city: text('city'),
    street: text('street'),
    countryId: Number(values.countryId ?? 0),
    zip: text('zip'),
    invoiceNote: (values.invoiceNote ?? '').trim(),
  };
};

const optional = () => z.string().optional();
const required = () => z.string({ error: M.required }).trim().min(1, M.required);

/** The browser's check, with the spec's messages (section 5); the api checks the same again. */
export const settingsSchema = z.object({
  name: required(),
  currencyCode: required(),
  accountName: required(),
  representativeEmail: optional().refine(
    (value) => !value?.trim() || z.email().safeParse(value.trim()).success,
    M.email,
  ),
  representativeMobile: optional().check((ctx) => {
    const problem = ctx.value?.trim() ? mobilePhoneProblem(ctx.value) : undefined;
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  }),
  countryId: z.string({ error: M.required }).min(1, M.required),
});
