import type { TFunction } from 'i18next';
import { formatEn } from './en';
import { localNumber } from './localNumber';
import { round } from './round';

/**
 * An alert rule's period, given in minutes: below 60 in minutes ('5 min'), otherwise in hours
 * ('2 h', '1.5 h'; spec section 9). Not a number gives ''. The English text is the default, so it
 * reads right even where the `common` texts of the formatters were not added. German: '1,5 Std.'.
 */
export function formatAlertPeriod(minutes: number | null | undefined, t: TFunction): string {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes)) return '';
  if (minutes < 60)
    return t('common:format.alertPeriod.minutes', {
      value: localNumber(round(minutes)),
      defaultValue: formatEn.alertPeriod.minutes,
    });
  return t('common:format.alertPeriod.hours', {
    value: localNumber(round(minutes / 60)),
    defaultValue: formatEn.alertPeriod.hours,
  });
}
