import {
  Badge,
  Body1,
  Button,
  Caption1,
  Card,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  Spinner,
  Subtitle1,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { LockClosedRegular } from '@fluentui/react-icons';
import { EmptyState, usePortal } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { useQuery, useSubscription } from 'urql';
import { computeEnabled } from '../common/computeAccess';
import { RouterLink } from '../common/RouterLink';
import {
  type ComponentState,
  ComputeStatusDocument,
  InstancesDocument,
  StatusChangedDocument,
  type StatusIncidentFieldsFragment,
} from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { InstanceStatus } from '../instances/InstanceStatus';
import { OsIconView } from '../instances/OsIconView';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  heading: { margin: 0 },
  subheading: {
    margin: `0 0 ${tokens.spacingVerticalXS}`,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
  },
  incident: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  incidentHead: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  title: { margin: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  affected: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    margin: 0,
    padding: 0,
    listStyle: 'none',
  },
  affectedItem: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorPaletteYellowBackground1,
  },
  timeline: {
    margin: 0,
    padding: 0,
    listStyle: 'none',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    borderLeft: `2px solid ${tokens.colorNeutralStroke2}`,
  },
  update: {
    paddingLeft: tokens.spacingHorizontalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
  },
  locations: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))',
    gap: tokens.spacingVerticalM,
  },
  location: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  components: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    gap: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
  },
  componentName: { margin: 0 },
  componentState: {
    margin: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    justifySelf: 'end',
  },
  dot: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0 },
  OPERATIONAL: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  DEGRADED: { backgroundColor: tokens.colorPaletteYellowBackground3 },
  OUTAGE: { backgroundColor: tokens.colorPaletteRedBackground3 },
  MAINTENANCE: { backgroundColor: tokens.colorPaletteBlueBorderActive },
});

const BADGE = {
  OPERATIONAL: 'success',
  DEGRADED: 'warning',
  OUTAGE: 'danger',
  MAINTENANCE: 'informative',
} as const;
const BAR = { OPERATIONAL: 'success', DEGRADED: 'warning', OUTAGE: 'error', MAINTENANCE: 'info' } as const;

/**
 * Status (like status.linode.com): the overall state, open incidents and scheduled maintenance with
 * their timeline and the workspace's affected instances, every location with its components, and
 * what was resolved in the last 7 days. `statusChanged` brings new updates; no polling.
 */
export default function StatusPage() {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { workspace, navigate } = usePortal();
  const { contractUid = '' } = useParams();
  const enabled = !workspace || computeEnabled(workspace);
  const [{ data, error, fetching }, reload] = useQuery({
    query: ComputeStatusDocument,
    variables: { contractUid },
    pause: !contractUid || !enabled,
  });
  const [instances] = useQuery({
    query: InstancesDocument,
    variables: { contractUid },
    pause: !contractUid || !enabled,
  });
  const [changed] = useSubscription({
    query: StatusChangedDocument,
    variables: { contractUid },
    pause: !contractUid || !enabled,
  });
  // an update changes the states of locations and components too: read the page again (an event, not a poll)
  const event = changed.data?.statusChanged;
  useEffect(() => {
    if (event) reload({ requestPolicy: 'network-only' });
  }, [event, reload]);
  const perLocation = useMemo(() => {
    const counts = new Map<string, number>();
    for (const instance of instances.data?.instances ?? [])
      counts.set(instance.location.uid, (counts.get(instance.location.uid) ?? 0) + 1);
    return counts;
  }, [instances.data]);

  if (!enabled)
    return (
      <EmptyState
        media={<LockClosedRegular />}
        title={t('instances.notEnabled')}
        text={t('instances.notEnabledText')}
        action={<Button onClick={() => navigate('/support')}>{t('instances.toSupport')}</Button>}
      />
    );
  const status = data?.computeStatus;
  if (!status) {
    if (error)
      return (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('common.loadFailed', { detail: error.graphQLErrors[0]?.message ?? error.message })}
          </MessageBarBody>
        </MessageBar>
      );
    return fetching ? <Spinner label={t('common.loading')} /> : null;
  }
  const open = status.incidents.filter((incident) => incident.open && incident.kind === 'INCIDENT');
  const maintenance = status.incidents.filter((incident) => incident.open && incident.kind === 'MAINTENANCE');
  const past = status.incidents.filter((incident) => !incident.open);

  return (
    <div className={styles.root}>
      <MessageBar intent={BAR[status.overall]} layout="multiline">
        <MessageBarBody>
          <MessageBarTitle>{t(`statusPage.overall.${status.overall}`)}</MessageBarTitle>
          {t('statusPage.live')}
        </MessageBarBody>
      </MessageBar>
      <IncidentList
        heading={t('statusPage.openIncidents')}
        empty={t('statusPage.noIncidents')}
        incidents={open}
        contractUid={contractUid}
      />
      <IncidentList
        heading={t('statusPage.maintenance')}
        empty={t('statusPage.noMaintenance')}
        incidents={maintenance}
        contractUid={contractUid}
      />
      <section className={styles.section} aria-labelledby="status-locations">
        <Subtitle1 as="h2" id="status-locations" className={styles.heading}>
          {t('statusPage.locations')}
        </Subtitle1>
        <div className={styles.locations}>
          {status.locations.map(({ location, state, components }) => (
            <Card
              key={location.uid}
              className={styles.location}
              aria-label={`${location.city}, ${location.country}`}
            >
              <div className={styles.incidentHead}>
                <Subtitle2 as="h3" className={styles.title}>
                  {location.city}, {location.country}
                </Subtitle2>
                <Caption1 className={styles.muted}>{location.region.toUpperCase()}</Caption1>
                <Badge appearance="tint" color={BADGE[state]}>
                  {t(`statusPage.state.${state}`)}
                </Badge>
              </div>
              <dl className={styles.components}>
                {components.map(({ component, state: componentState }) => (
                  <ComponentRow
                    key={component}
                    name={t(`statusPage.component.${component}`)}
                    state={componentState}
                  />
                ))}
              </dl>
              {(perLocation.get(location.uid) ?? 0) > 0 && (
                <Caption1 className={styles.muted}>
                  {t('statusPage.yourInstances', { count: perLocation.get(location.uid) })}
                </Caption1>
              )}
            </Card>
          ))}
        </div>
      </section>
      <IncidentList
        heading={t('statusPage.past')}
        empty={t('statusPage.noPast')}
        incidents={past}
        contractUid={contractUid}
      />
    </div>
  );
}

function ComponentRow({ name, state }: { name: string; state: ComponentState }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  return (
    <>
      <dt className={styles.componentName}>{name}</dt>
      <dd className={styles.componentState}>
        <span className={`${styles.dot} ${styles[state]}`} aria-hidden="true" />
        {t(`statusPage.state.${state}`)}
      </dd>
    </>
  );
}

function IncidentList({
  heading,
  empty,
  incidents,
  contractUid,
}: {
  heading: string;
  empty: string;
  incidents: readonly StatusIncidentFieldsFragment[];
  contractUid: string;
}) {
  const styles = useStyles();
  return (
    <section className={styles.section} aria-label={heading}>
      <Subtitle1 as="h2" className={styles.heading}>
        {heading}
      </Subtitle1>
      {incidents.length === 0 ? (
        <Body1 className={styles.muted}>{empty}</Body1>
      ) : (
        incidents.map((incident) => (
          <Incident key={incident.uid} incident={incident} contractUid={contractUid} />
        ))
      )}
    </section>
  );
}

function Incident({
  incident,
  contractUid,
}: {
  incident: StatusIncidentFieldsFragment;
  contractUid: string;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { formatDateTime } = useDateFormat();
  const colour =
    incident.kind === 'MAINTENANCE' ? 'informative' : incident.impact === 'MAJOR' ? 'danger' : 'warning';
  const when = !incident.open
    ? t('statusPage.resolvedAt', { at: formatDateTime(incident.resolvedAt ?? incident.startsAt) })
    : incident.endsAt
      ? t('statusPage.window', {
          from: formatDateTime(incident.startsAt),
          to: formatDateTime(incident.endsAt),
        })
      : t('statusPage.started', { at: formatDateTime(incident.startsAt) });
  return (
    <Card className={styles.incident} aria-label={incident.title}>
      <div className={styles.incidentHead}>
        <Subtitle2 as="h3" className={styles.title}>
          {incident.title}
        </Subtitle2>
        <Badge appearance="filled" color={colour}>
          {t(`statusPage.incidentStatus.${incident.status}`)}
        </Badge>
        {incident.kind === 'INCIDENT' && (
          <Badge appearance="outline" color={colour}>
            {t(`statusPage.impact.${incident.impact}`)}
          </Badge>
        )}
      </div>
      <Caption1 className={styles.muted}>
        {t('statusPage.where', {
          city: incident.location.city,
          country: incident.location.country,
          components: incident.components.map((c) => t(`statusPage.component.${c}`)).join(', '),
        })}{' '}
        · {when}
      </Caption1>
      {incident.open && (
        <div>
          <h4 className={styles.subheading}>{t('statusPage.affected')}</h4>
          {incident.affectedInstances.length === 0 ? (
            <Caption1 className={styles.muted}>{t('statusPage.noneAffected')}</Caption1>
          ) : (
            <ul className={styles.affected} aria-label={t('statusPage.affected')}>
              {incident.affectedInstances.map((instance) => (
                <li key={instance.uid} className={styles.affectedItem}>
                  <OsIconView system={instance.system} />
                  <RouterLink
                    to={`/workspace/${encodeURIComponent(contractUid)}/instance/vm/${encodeURIComponent(instance.uid)}/overview`}
                  >
                    {instance.name}
                  </RouterLink>
                  <InstanceStatus
                    instance={{ status: instance.status, pendingAction: null, lastError: null }}
                  />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <ol className={styles.timeline} aria-label={t('statusPage.timeline')}>
        {incident.updates.map((update) => (
          <li key={update.uid} className={styles.update}>
            <Caption1>
              <strong>{t(`statusPage.incidentStatus.${update.status}`)}</strong> ·{' '}
              <span className={styles.muted}>{formatDateTime(update.createdAt)}</span>
            </Caption1>
            <Body1>{update.message}</Body1>
          </li>
        ))}
      </ol>
    </Card>
  );
}
