import {
  Button,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Subtitle1,
  Subtitle2,
  Tab,
  TabList,
  tokens,
} from '@fluentui/react-components';
import { CopyRegular, DeleteRegular, WindowConsoleRegular } from '@fluentui/react-icons';
import {
  FormError,
  formatMoney,
  locationToRegion,
  requiredText,
  SubmitButton,
  TextField,
  usePortal,
  zodValidate,
} from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { FORM_ERROR } from 'final-form';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { Form } from 'react-final-form';
import { useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { RouterLink } from '../common/RouterLink';
import { consolePath } from '../console/consolePath';
import { dashboardPath } from '../dashboard/dashboardTabs';
import { InstanceFirewallPanel } from '../firewall/InstanceFirewallPanel';
import { InstanceDetailsDocument, RenameInstanceDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { InstanceSshKeys } from '../lifecycle/InstanceSshKeys';
import { RebuildSection } from '../lifecycle/RebuildSection';
import { ResizeSection } from '../lifecycle/ResizeSection';
import { MonitoringView } from '../monitoring/MonitoringView';
import { InstanceNetworkPanel } from '../network/InstanceNetworkPanel';
import { HOST_NAME } from '../new-instance/newInstanceForm';
import { formatMemory } from '../new-instance/pricing';
import { InstanceActionsMenu } from './InstanceActionsMenu';
import { InstanceStatus } from './InstanceStatus';
import type { InstanceRow } from './instanceList';
import { OsIconView } from './OsIconView';
import { useInstanceAction } from './useInstanceAction';
import { useInstanceLiveUpdates } from './useInstanceLiveUpdates';

export const DETAILS_TABS = ['overview', 'monitoring', 'network', 'firewall', 'settings'] as const;
type DetailsTab = (typeof DETAILS_TABS)[number];
const detailsTab = (segment: string | undefined): DetailsTab =>
  (DETAILS_TABS as readonly string[]).includes(segment ?? '') ? (segment as DetailsTab) : 'overview';
const detailsPath = (contractUid: string, uid: string, tab: DetailsTab) =>
  `/workspace/${encodeURIComponent(contractUid)}/instance/vm/${encodeURIComponent(uid)}/${tab}`;

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
  },
  // five tabs are wider than a phone: the list scrolls sideways instead of widening the page
  tabs: { overflowX: 'auto', maxWidth: '100%', flexShrink: 0 },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  title: { margin: 0, overflowWrap: 'anywhere' },
  grow: { flexGrow: 1 },
  list: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(0, max-content) minmax(0, 1fr)',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    alignItems: 'center',
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: {
    margin: 0,
    overflowWrap: 'anywhere',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '480px' },
});

/** InstanceDetails (spec section 2): tabs Overview, Monitoring, Network, Firewall, Settings; live through instanceChanged. */
export default function InstanceDetailsPage() {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { navigate, setTitle } = usePortal();
  const { contractUid = '', id = '', tab: segment } = useParams();
  const tab = detailsTab(segment);
  const [{ data, error, fetching }] = useQuery({
    query: InstanceDetailsDocument,
    variables: { contractUid, uid: id },
  });
  useInstanceLiveUpdates(contractUid);
  const instance = data?.instance;

  useEffect(() => {
    if (segment !== undefined && segment !== tab)
      navigate(detailsPath(contractUid, id, tab), { replace: true });
  }, [segment, tab, contractUid, id, navigate]);
  useEffect(() => {
    if (instance?.name) setTitle(instance.name);
  }, [instance?.name, setTitle]);
  // on a phone the tab list scrolls sideways: keep the chosen tab in view
  const tabsRef = useRef<HTMLDivElement>(null);
  const shown = Boolean(instance);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the chosen tab changes
  useEffect(() => {
    if (shown)
      tabsRef.current
        ?.querySelector('[aria-selected="true"]')
        ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab, shown]);

  if (!data) {
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
  if (!instance)
    return (
      <div className={styles.root}>
        <MessageBar intent="warning">
          <MessageBarBody>{t('details.notFound')}</MessageBarBody>
        </MessageBar>
        <RouterLink to={dashboardPath(contractUid, 'instances')}>{t('details.backToList')}</RouterLink>
      </div>
    );

  return (
    <div className={styles.root}>
      <RouterLink to={dashboardPath(contractUid, 'instances')}>{t('details.backToList')}</RouterLink>
      <div className={styles.header}>
        <OsIconView system={instance.system} size={32} />
        <Subtitle1 as="h1" className={styles.title}>
          {instance.name}
        </Subtitle1>
        <InstanceStatus instance={instance} />
        <span className={styles.grow} />
        <Button icon={<WindowConsoleRegular />} onClick={() => navigate(consolePath(instance.uid))}>
          {t('console.launch')}
        </Button>
        <InstanceActionsMenu instance={instance} />
      </div>
      <TabList
        ref={tabsRef}
        className={styles.tabs}
        selectedValue={tab}
        aria-label={t('details.tabs')}
        onTabSelect={(_event, { value }) => navigate(detailsPath(contractUid, id, value as DetailsTab))}
      >
        {DETAILS_TABS.map((value) => (
          <Tab key={value} value={value}>
            {t(`details.tab.${value}`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={t(`details.tab.${tab}`)}>
        {tab === 'overview' ? (
          <Overview instance={instance} sshKeys={<InstanceSshKeys keys={instance.sshKeys} />} />
        ) : tab === 'monitoring' ? (
          <MonitoringView contractUid={contractUid} instanceUid={instance.uid} />
        ) : tab === 'network' ? (
          <InstanceNetworkPanel contractUid={contractUid} uid={instance.uid} name={instance.name} />
        ) : tab === 'firewall' ? (
          <InstanceFirewallPanel
            contractUid={contractUid}
            uid={instance.uid}
            name={instance.name}
            running={instance.status === 'ACTIVE'}
          />
        ) : (
          <Settings instance={instance} />
        )}
      </div>
    </div>
  );
}

function Overview({ instance, sshKeys }: { instance: InstanceRow; sshKeys: ReactNode }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { copy } = usePortal();
  const { formatDateTime } = useDateFormat();
  const address = (label: string, value: string | null | undefined) => (
    <>
      <dt className={styles.term}>{label}</dt>
      <dd className={styles.value}>
        {value ? (
          <>
            <code>{value}</code>
            <Button
              size="small"
              appearance="subtle"
              icon={<CopyRegular />}
              aria-label={t('details.copy', { what: label })}
              onClick={() => void copy(value)}
            />
          </>
        ) : (
          t('details.noAddress')
        )}
      </dd>
    </>
  );
  const region = (instance.location.region || locationToRegion(instance.location.city)).toUpperCase();
  return (
    <dl className={styles.list}>
      <dt className={styles.term}>{t('details.status')}</dt>
      <dd className={styles.value}>
        <InstanceStatus instance={instance} />
      </dd>
      <dt className={styles.term}>{t('details.image')}</dt>
      <dd className={styles.value}>
        <OsIconView system={instance.system} />
        {instance.image.name}
      </dd>
      <dt className={styles.term}>{t('details.plan')}</dt>
      <dd className={styles.value}>{instance.plan.name}</dd>
      <dt className={styles.term}>{t('details.vcpus')}</dt>
      <dd className={styles.value}>{instance.plan.vcpus}</dd>
      <dt className={styles.term}>{t('details.memory')}</dt>
      <dd className={styles.value}>{formatMemory(instance.plan.memoryMb)}</dd>
      <dt className={styles.term}>{t('details.disk')}</dt>
      <dd className={styles.value}>{instance.plan.diskGb} GB</dd>
      <dt className={styles.term}>{t('details.transfer')}</dt>
      <dd className={styles.value}>{instance.plan.transferTb} TB</dd>
      {address(t('details.ipv4'), instance.ipv4)}
      {address(t('details.ipv6'), instance.ipv6)}
      <dt className={styles.term}>{t('details.location')}</dt>
      <dd className={styles.value}>
        {instance.location.city}, {instance.location.country} ({region})
      </dd>
      <dt className={styles.term}>{t('details.created')}</dt>
      <dd className={styles.value}>{formatDateTime(instance.createdAt)}</dd>
      <dt className={styles.term}>{t('details.charges')}</dt>
      <dd className={styles.value}>{formatMoney(instance.charges, instance.currency)}</dd>
      {sshKeys}
    </dl>
  );
}

function Settings({ instance }: { instance: InstanceRow }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { navigate, notify } = usePortal();
  const [, rename] = useMutation(RenameInstanceDocument);
  const run = useInstanceAction();
  const validate = useMemo(
    () =>
      zodValidate(z.object({ name: requiredText().check(z.regex(HOST_NAME, t('newInstance.nameInvalid'))) })),
    [t],
  );
  const onSubmit = async ({ name }: { name?: string }) => {
    const result = await rename(
      { contractUid: instance.contractUid, uid: instance.uid, name: name?.trim() ?? '' },
      { portalNotify: false },
    );
    if (result.error) {
      const refusal = result.error.graphQLErrors[0];
      if (!refusal) return { [FORM_ERROR]: result.error.message };
      const field = (refusal.extensions as { field?: unknown } | undefined)?.field;
      return field === undefined || field === 'name'
        ? { name: refusal.message }
        : { [FORM_ERROR]: refusal.message };
    }
    notify({ type: 'success', message: t('details.renamed', { name: result.data?.renameInstance.name }) });
    return undefined;
  };
  const canDelete = instance.allowedActions.includes('DELETE');
  return (
    <div className={styles.root}>
      <Form<{ name?: string }>
        onSubmit={onSubmit}
        initialValues={{ name: instance.name }}
        validate={validate}
      >
        {({ handleSubmit }) => (
          <form className={styles.section} onSubmit={handleSubmit} noValidate>
            <Subtitle2 as="h2">{t('details.rename')}</Subtitle2>
            <TextField name="name" label={t('newInstance.name')} hint={t('newInstance.nameHint')} required />
            <FormError />
            <div>
              <SubmitButton>{t('details.renameSave')}</SubmitButton>
            </div>
          </form>
        )}
      </Form>
      <div className={styles.section}>
        <ResizeSection instance={instance} />
      </div>
      <div className={styles.section}>
        <RebuildSection instance={instance} />
      </div>
      <section className={styles.section}>
        <Subtitle2 as="h2">{t('details.deleteHeading')}</Subtitle2>
        <p>{t('details.deleteText')}</p>
        <div>
          <Button
            icon={<DeleteRegular />}
            disabled={!canDelete}
            onClick={async () => {
              if (await run(instance, 'DELETE')) navigate(dashboardPath(instance.contractUid, 'instances'));
            }}
          >
            {t('action.DELETE')}
          </Button>
        </div>
      </section>
    </div>
  );
}
