import { MessageBar, MessageBarBody, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { formatNetworkMetric } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useMemo } from 'react';
import type { UseQueryState } from 'urql';
import type { InstanceMetricsQuery, MetricRange } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { type ChartSeries, MetricChart } from './MetricChart';
import { formatPercent, formatUsedBytes } from './metricFormat';

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 440px), 1fr))',
    gap: tokens.spacingVerticalL,
  },
});

const formatTraffic = (value: number) => formatNetworkMetric(value, 'NET_TX_VOL');
const formatPackets = (value: number) => formatNetworkMetric(value, 'NET_TX_PKG');

/** The five charts of a series: CPU, memory, disks, traffic and packets. */
export function MetricCharts({
  result,
  range,
}: {
  result: UseQueryState<InstanceMetricsQuery>;
  range: MetricRange;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { formatDate, formatTime, formatDateTime } = useDateFormat();
  const metrics = result.data?.instanceMetrics;

  const charts = useMemo(() => {
    if (!metrics) return null;
    const points = metrics.points;
    const times = points.map((p) => Date.parse(p.at));
    const line = (
      label: string,
      color: string,
      pick: (p: (typeof points)[number]) => number | null | undefined,
    ): ChartSeries => ({
      label,
      color,
      values: points.map((p) => pick(p) ?? null),
    });
    const first = tokens.colorBrandForeground1;
    const second = tokens.colorPaletteBerryForeground1;
    return {
      times,
      cpu: [line(t('monitoring.series.cpu'), first, (p) => p.cpu)],
      ram: [line(t('monitoring.series.ram'), first, (p) => p.ram)],
      disk: [
        line(t('monitoring.series.diskMain'), first, (p) => p.diskMain),
        line(t('monitoring.series.diskExtra'), second, (p) => p.diskExtra),
      ],
      traffic: [
        line(t('monitoring.series.outbound'), first, (p) => p.netTxVol),
        line(t('monitoring.series.inbound'), second, (p) => p.netRxVol),
      ],
      packets: [
        line(t('monitoring.series.outbound'), first, (p) => p.netTxPkg),
        line(t('monitoring.series.inbound'), second, (p) => p.netRxPkg),
      ],
      memoryMax: metrics.memoryBytes,
      diskMax: Math.max(metrics.diskMainBytes, metrics.diskExtraBytes),
    };
  }, [metrics, t]);

  // hours on the axis up to a day, days beyond; the tooltip says both
  const formatTick = useMemo(
    () => (range === 'HOUR' || range === 'DAY' ? formatTime : formatDate),
    [range, formatTime, formatDate],
  );

  if (!charts) {
    if (result.error)
      return (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('common.loadFailed', {
              detail: result.error.graphQLErrors[0]?.message ?? result.error.message,
            })}
          </MessageBarBody>
        </MessageBar>
      );
    return <Spinner label={t('common.loading')} />;
  }
  const common = { times: charts.times, formatTime: formatDateTime, formatTick };
  return (
    <div className={styles.grid}>
      <MetricChart
        {...common}
        title={t('monitoring.chart.cpu')}
        series={charts.cpu}
        format={formatPercent}
        max={100}
      />
      <MetricChart
        {...common}
        title={t('monitoring.chart.ram')}
        series={charts.ram}
        format={formatUsedBytes}
        max={charts.memoryMax}
      />
      <MetricChart
        {...common}
        title={t('monitoring.chart.disk')}
        series={charts.disk}
        format={formatUsedBytes}
        max={charts.diskMax}
      />
      <MetricChart
        {...common}
        title={t('monitoring.chart.traffic')}
        series={charts.traffic}
        format={formatTraffic}
      />
      <MetricChart
        {...common}
        title={t('monitoring.chart.packets')}
        series={charts.packets}
        format={formatPackets}
      />
    </div>
  );
}
