import type { Translation } from '../i18n/translation';
import type { formatEn } from './en';

/** German texts of the formatters (`common:format`). */
export const formatDe: Translation<typeof formatEn> = {
  alertPeriod: {
    minutes: '{{value}} Min.',
    hours: '{{value}} Std.',
  },
};
