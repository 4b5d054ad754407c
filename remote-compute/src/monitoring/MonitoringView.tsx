import { Button, Field, makeStyles, Select, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular } from '@fluentui/react-icons';
import { useDateFormat } from '@portal/shared/dates';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { AlertRuleChangedDocument, InstanceMetricsDocument, InstancesDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { AlertRulesTable } from './AlertRulesTable';
import { MetricCharts } from './MetricCharts';
import { METRIC_RANGES, RANGE_IDS, rangeOf } from './metricFormat';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: tokens.spacingHorizontalM,
  },
  picker: { minWidth: '180px', flexGrow: 1, maxWidth: '280px' },
  grow: { flexGrow: 1 },
  asOf: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  note: { margin: 0, color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

/**
 * Monitoring of the workspace (the Dashboard's tab: an instance or all of them) or of one instance
 * (its details page): a range, five charts, and the alert rules. The instance and the range are in
 * the URL (`?instance=…&range=7d`). Charts are asked again when the range changes or on Refresh,
 * never on a timer; rule changes and alerts arrive live.
 */
export function MonitoringView({ contractUid, instanceUid }: { contractUid: string; instanceUid?: string }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { formatTime } = useDateFormat();
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params.get('range'));
  const [{ data: instancesData }] = useQuery({ query: InstancesDocument, variables: { contractUid } });
  const instances = useMemo(
    () => (instancesData?.instances ?? []).map((i) => ({ uid: i.uid, name: i.name })),
    [instancesData],
  );
  const chosen =
    instanceUid ?? (instances.some((i) => i.uid === params.get('instance')) ? params.get('instance') : null);
  const [metrics, refresh] = useQuery({
    query: InstanceMetricsDocument,
    variables: { contractUid, instanceUid: chosen, range },
    pause: !instanceUid && !instancesData,
  });
  useSubscription({ query: AlertRuleChangedDocument, variables: { contractUid } });

  const set = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const to = metrics.data?.instanceMetrics.to;

  return (
    <div className={styles.root}>
      <div className={styles.toolbar}>
        {instanceUid ? null : (
          <Field label={t('monitoring.instance')} className={styles.picker}>
            <Select value={chosen ?? ''} onChange={(_event, data) => set('instance', data.value || null)}>
              <option value="">{t('monitoring.allInstances')}</option>
              {instances.map((i) => (
                <option key={i.uid} value={i.uid}>
                  {i.name}
                </option>
              ))}
            </Select>
          </Field>
        )}
        <Field label={t('monitoring.range')} className={styles.picker}>
          <Select value={RANGE_IDS[range]} onChange={(_event, data) => set('range', data.value)}>
            {METRIC_RANGES.map((r) => (
              <option key={r} value={RANGE_IDS[r]}>
                {t(`monitoring.ranges.${r}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          icon={<ArrowClockwiseRegular />}
          disabled={metrics.fetching}
          onClick={() => refresh({ requestPolicy: 'network-only' })}
        >
          {t('monitoring.refresh')}
        </Button>
        <span className={styles.grow} />
        {to ? (
          <span className={styles.asOf}>
            {t('monitoring.asOf', { time: formatTime(Date.parse(to) - 60_000) })}
          </span>
        ) : null}
      </div>
      {instanceUid || chosen ? null : <p className={styles.note}>{t('monitoring.overviewNote')}</p>}
      <MetricCharts result={metrics} range={range} />
      <AlertRulesTable
        contractUid={contractUid}
        instances={instances}
        chosenInstanceUid={chosen}
        {...(instanceUid ? { instanceUid } : {})}
      />
    </div>
  );
}
