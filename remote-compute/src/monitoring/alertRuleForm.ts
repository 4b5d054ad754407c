import { requiredText } from '@portal/shared';
import { z } from 'zod';
import type { AlertCondition, AlertMetric, AlertRuleFieldsFragment } from '../gql/graphql';
import { ALERT_METRICS, apiRuleValue, maxShownValue, shownRuleValue } from './metricFormat';

/** The dialog's values: every field a string, as the inputs hold them. */
export interface AlertRuleValues {
  instanceUid?: string;
  metric?: string;
  condition?: string;
  value?: string;
  periodMinutes?: string;
}

/** '12,5' (German) and '12.5' are both 12.5; anything else is NaN. */
export function parseDecimal(text: string | undefined): number {
  const normal = (text ?? '').trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(normal) ? Number(normal) : Number.NaN;
}

/** Up to 2 decimals, from 0 to the metric's limit (the api's rule, checked here first). */
export function valueProblem(metric: AlertMetric, text: string | undefined): boolean {
  const value = parseDecimal(text);
  return (
    !Number.isFinite(value) ||
    value < 0 ||
    value > maxShownValue(metric) ||
    !/^\d+([.,]\d{1,2})?$/.test((text ?? '').trim())
  );
}

export function alertRuleSchema(messages: { value: (metric: AlertMetric) => string }) {
  return z
    .object({
      instanceUid: requiredText(),
      metric: requiredText(),
      condition: requiredText(),
      value: requiredText(),
      periodMinutes: requiredText(),
    })
    .superRefine((values, ctx) => {
      const metric = values.metric as AlertMetric;
      if (ALERT_METRICS.includes(metric) && valueProblem(metric, values.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: messages.value(metric) });
    });
}

export function initialValues(
  rule: AlertRuleFieldsFragment | null,
  instanceUid: string | undefined,
): AlertRuleValues {
  if (!rule) return { instanceUid, metric: 'CPU', condition: 'ABOVE', value: '90', periodMinutes: '5' };
  return {
    instanceUid: rule.instance.uid,
    metric: rule.metric,
    condition: rule.condition,
    value: String(shownRuleValue(rule.metric, rule.value)),
    periodMinutes: String(rule.periodMinutes),
  };
}

/** The api's input from the dialog's (valid) values. */
export function ruleInput(contractUid: string, values: AlertRuleValues) {
  const metric = values.metric as AlertMetric;
  return {
    contractUid,
    instanceUid: values.instanceUid ?? '',
    metric,
    condition: values.condition as AlertCondition,
    value: apiRuleValue(metric, parseDecimal(values.value)),
    periodMinutes: Number(values.periodMinutes),
  };
}
