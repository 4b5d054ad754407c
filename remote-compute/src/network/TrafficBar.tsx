import { Caption1, makeStyles, ProgressBar, tokens } from '@fluentui/react-components';
import { formatBytes } from '@portal/shared';
import type { InstanceNetworkFieldsFragment } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: '140px' },
  text: { color: tokens.colorNeutralForeground2, fontVariantNumeric: 'tabular-nums' },
});

/** Share of a whole as the bar and its text show it: one decimal below 10 %, whole above. */
export function usedPercent(used: number, included: number): string {
  if (included <= 0) return '–';
  const share = (used / included) * 100;
  return `${share < 10 ? share.toFixed(1) : Math.round(share)} %`;
}

/** Outbound traffic of the month against the plan's transfer: a bar and "312.5 GB of 2 TB (15.6 %)". */
export function TrafficBar({
  traffic,
  label,
}: {
  traffic: InstanceNetworkFieldsFragment['traffic'];
  label: string;
}) {
  const styles = useStyles();
  const { t, i18n } = useComputeTranslation();
  const language = i18n.language?.startsWith('de') ? 'de' : 'en';
  const share = traffic.includedBytes > 0 ? traffic.outboundBytes / traffic.includedBytes : 0;
  const text = t('network.usedOf', {
    used: formatBytes(traffic.outboundBytes, 2, language),
    included: formatBytes(traffic.includedBytes, 2, language),
    percent: usedPercent(traffic.outboundBytes, traffic.includedBytes),
  });
  return (
    <div className={styles.root}>
      <ProgressBar
        value={Math.min(share, 1)}
        max={1}
        thickness="large"
        color={share >= 1 ? 'error' : share >= 0.8 ? 'warning' : 'brand'}
        aria-label={label}
        aria-valuetext={text}
      />
      <Caption1 className={styles.text}>{text}</Caption1>
    </div>
  );
}
