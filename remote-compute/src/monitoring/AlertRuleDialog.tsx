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
import {
  FormError,
  formatAlertPeriod,
  SubmitButton,
  TextField,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { SelectField } from '@portal/shared/fields';
import { FORM_ERROR } from 'final-form';
import { useMemo } from 'react';
import { Form, useFormState } from 'react-final-form';
import { useMutation } from 'urql';
import {
  type AlertMetric,
  type AlertRuleFieldsFragment,
  CreateAlertRuleDocument,
  UpdateAlertRuleDocument,
} from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { type AlertRuleValues, alertRuleSchema, initialValues, ruleInput } from './alertRuleForm';
import { ALERT_METRICS, ALERT_PERIODS, maxShownValue, ruleUnit } from './metricFormat';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 160px), 1fr))',
    gap: tokens.spacingHorizontalM,
    // the value's hint makes its cell taller: both inputs stay on one line
    alignItems: 'start',
  },
});

const FIELDS = ['instanceUid', 'metric', 'condition', 'value', 'periodMinutes'];

/** The value's input, with the unit of the metric chosen (%, Gbps, kpps) and its range as a hint. */
function ValueField() {
  const { t } = useComputeTranslation();
  const { values } = useFormState<AlertRuleValues>({ subscription: { values: true } });
  const metric = (values.metric ?? 'CPU') as AlertMetric;
  const unit = ruleUnit(metric);
  return (
    <TextField
      name="value"
      label={t('monitoring.dialog.value')}
      hint={t('monitoring.dialog.valueHint', { max: `${maxShownValue(metric)} ${unit}` })}
      inputMode="decimal"
      contentAfter={unit}
      required
    />
  );
}

/**
 * New alert rule, or Edit: instance (fixed on an instance's page), metric, condition, value in the
 * metric's unit, period. A refusal of the api is shown on the field it names; the input stays.
 */
export function AlertRuleDialog({
  contractUid,
  rule,
  instances,
  fixedInstanceUid,
  defaultInstanceUid,
  onClose,
}: {
  contractUid: string;
  /** null: a new rule */
  rule: AlertRuleFieldsFragment | null;
  instances: ReadonlyArray<{ uid: string; name: string }>;
  fixedInstanceUid?: string;
  /** a new rule's instance: the one the Dashboard shows, else the first */
  defaultInstanceUid?: string | null;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { notify } = usePortal();
  const [, create] = useMutation(CreateAlertRuleDocument);
  const [, update] = useMutation(UpdateAlertRuleDocument);
  const validate = useMemo(
    () =>
      zodValidate(
        alertRuleSchema({
          value: (metric) =>
            t('monitoring.dialog.valueInvalid', { max: `${maxShownValue(metric)} ${ruleUnit(metric)}` }),
        }),
      ),
    [t],
  );
  const initial = useMemo(
    () => initialValues(rule, fixedInstanceUid ?? defaultInstanceUid ?? instances[0]?.uid),
    [rule, fixedInstanceUid, defaultInstanceUid, instances],
  );

  const onSubmit = async (values: AlertRuleValues) => {
    const input = ruleInput(contractUid, values);
    const result = rule
      ? await update({ uid: rule.uid, input }, { portalNotify: false })
      : await create({ input }, { portalNotify: false });
    if (result.error) {
      const refusal = result.error.graphQLErrors[0];
      if (!refusal) return { [FORM_ERROR]: result.error.message };
      const field = (refusal.extensions as { field?: unknown } | undefined)?.field;
      return typeof field === 'string' && FIELDS.includes(field)
        ? { [field]: refusal.message }
        : { [FORM_ERROR]: refusal.message };
    }
    notify({ type: 'success', message: t(rule ? 'monitoring.dialog.saved' : 'monitoring.dialog.created') });
    onClose();
    return undefined;
  };

  const title = t(rule ? 'monitoring.dialog.editTitle' : 'monitoring.dialog.createTitle');
  return (
    <Dialog open modalType="modal" onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface aria-label={title}>
        <Form<AlertRuleValues> onSubmit={onSubmit} initialValues={initial} validate={validate}>
          {({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate>
              <DialogBody>
                <DialogTitle>{title}</DialogTitle>
                <DialogContent className={styles.form}>
                  <SelectField
                    required
                    name="instanceUid"
                    label={t('monitoring.dialog.instance')}
                    disabled={Boolean(fixedInstanceUid)}
                    options={instances.map((i) => ({ value: i.uid, label: i.name }))}
                  />
                  <SelectField
                    required
                    name="metric"
                    label={t('monitoring.dialog.metric')}
                    options={ALERT_METRICS.map((m) => ({ value: m, label: t(`monitoring.metric.${m}`) }))}
                  />
                  <div className={styles.row}>
                    <SelectField
                      required
                      name="condition"
                      label={t('monitoring.dialog.condition')}
                      options={(['ABOVE', 'BELOW'] as const).map((c) => ({
                        value: c,
                        label: t(`monitoring.conditionName.${c}`),
                      }))}
                    />
                    <ValueField />
                  </div>
                  <SelectField
                    required
                    name="periodMinutes"
                    label={t('monitoring.dialog.period')}
                    options={ALERT_PERIODS.map((p) => ({ value: String(p), label: formatAlertPeriod(p, t) }))}
                  />
                  <FormError />
                </DialogContent>
                <DialogActions>
                  <Button onClick={onClose}>{t('common.cancel')}</Button>
                  <SubmitButton>
                    {t(rule ? 'monitoring.dialog.save' : 'monitoring.dialog.create')}
                  </SubmitButton>
                </DialogActions>
              </DialogBody>
            </form>
          )}
        </Form>
      </DialogSurface>
    </Dialog>
  );
}
