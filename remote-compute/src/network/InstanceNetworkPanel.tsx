import {
  Caption1,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { formatBytes } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useQuery } from 'urql';
import { InstanceNetworkDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { AddressesTable } from './AddressesTable';
import { TrafficBar } from './TrafficBar';
import { useNetworkLiveUpdates } from './useNetworkLiveUpdates';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0 },
  traffic: { maxWidth: '520px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, alignItems: 'baseline' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** Instance details › Network: addresses with reverse DNS, traffic of the month; live. */
export function InstanceNetworkPanel({
  contractUid,
  uid,
  name,
}: {
  contractUid: string;
  uid: string;
  name: string;
}) {
  const styles = useStyles();
  const { t, i18n } = useComputeTranslation();
  const { formatDate } = useDateFormat();
  const [{ data, error, fetching }] = useQuery({
    query: InstanceNetworkDocument,
    variables: { contractUid, uid },
  });
  useNetworkLiveUpdates(contractUid);
  const network = data?.instance?.network;
  if (!network) {
    if (error)
      return (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('common.loadFailed', { detail: error.graphQLErrors[0]?.message ?? error.message })}
          </MessageBarBody>
        </MessageBar>
      );
    return fetching ? <Spinner label={t('network.loading')} /> : null;
  }
  const language = i18n.language?.startsWith('de') ? 'de' : 'en';
  const { traffic } = network;
  return (
    <div className={styles.root}>
      <section className={styles.section} aria-labelledby="network-traffic">
        <Subtitle2 as="h2" id="network-traffic" className={styles.heading}>
          {t('network.traffic')}
        </Subtitle2>
        <div className={styles.traffic}>
          <TrafficBar traffic={traffic} label={t('network.trafficLabel', { name })} />
          <div className={styles.row}>
            <span>
              {t('network.outbound')}: <strong>{formatBytes(traffic.outboundBytes, 2, language)}</strong>
            </span>
            <span>
              {t('network.inbound')}: <strong>{formatBytes(traffic.inboundBytes, 2, language)}</strong>
            </span>
          </div>
          {traffic.outboundBytes > traffic.includedBytes ? (
            <MessageBar intent="warning">
              <MessageBarBody>{t('network.overLimit')}</MessageBarBody>
            </MessageBar>
          ) : null}
          <Caption1 className={styles.muted}>
            {t('network.trafficHint', { date: formatDate(traffic.resetsAt) })}
          </Caption1>
        </div>
      </section>
      <section className={styles.section} aria-labelledby="network-addresses">
        <Subtitle2 as="h2" id="network-addresses" className={styles.heading}>
          {t('network.addresses')}
        </Subtitle2>
        <AddressesTable contractUid={contractUid} instanceUid={uid} addresses={network.addresses} />
      </section>
    </div>
  );
}
