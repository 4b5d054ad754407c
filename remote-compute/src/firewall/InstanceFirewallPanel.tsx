import {
  Button,
  Caption1,
  Field,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Select,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import { lazy, Suspense, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  DeleteFirewallRuleDocument,
  type FirewallAction,
  type FirewallDirection,
  InstanceNetworkDocument,
  MoveFirewallRuleDocument,
  SetFirewallPolicyDocument,
} from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { useNetworkLiveUpdates } from '../network/useNetworkLiveUpdates';
import { RulesTable } from './RulesTable';
import { plainT, type RuleRow, ruleSummary } from './ruleForm';
import { ServicesList } from './ServicesList';

// loaded when opened: with it the shared SelectField and TextareaField (Fluent's Select and
// Textarea), which the pages' first screen does not need (issue 14)
const RuleDialog = lazy(() => import('./RuleDialog').then((m) => ({ default: m.RuleDialog })));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  top: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
  },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  heading: { margin: 0 },
  header: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  policies: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  policy: { minWidth: '140px' },
  muted: { color: tokens.colorNeutralForeground3 },
  number: {
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightSemibold,
    fontVariantNumeric: 'tabular-nums',
  },
});

const DIRECTIONS: FirewallDirection[] = ['INBOUND', 'OUTBOUND'];

/**
 * Instance details › Firewall: default policies, what the rules do to the instance's services, the
 * packets dropped this month, and the ordered rules of each direction (add, edit, move, delete); live.
 */
export function InstanceFirewallPanel({
  contractUid,
  uid,
  name,
  running,
}: {
  contractUid: string;
  uid: string;
  name: string;
  running: boolean;
}) {
  const styles = useStyles();
  const { t, i18n } = useComputeTranslation();
  const { confirm, notify } = usePortal();
  const [{ data, error, fetching }] = useQuery({
    query: InstanceNetworkDocument,
    variables: { contractUid, uid },
  });
  useNetworkLiveUpdates(contractUid);
  const [, setPolicy] = useMutation(SetFirewallPolicyDocument);
  const [moving, move] = useMutation(MoveFirewallRuleDocument);
  const [, remove] = useMutation(DeleteFirewallRuleDocument);
  const [dialog, setDialog] = useState<{ rule?: RuleRow; direction: FirewallDirection } | null>(null);

  const firewall = data?.instance?.network.firewall;
  if (!firewall) {
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

  const ids = { contractUid, instanceUid: uid };
  const failed = (message: string) => notify({ type: 'error', message });
  const changePolicy = async (direction: FirewallDirection, policy: FirewallAction) => {
    const result = await setPolicy({ ...ids, direction, policy }, { portalNotify: false });
    if (result.error) return failed(result.error.graphQLErrors[0]?.message ?? result.error.message);
    notify({
      type: 'success',
      message: t('firewall.policySaved', {
        direction: t(`firewall.direction.${direction}`),
        policy: t(`firewall.policy.${policy}`),
      }),
    });
  };
  const onMove = async (rule: RuleRow, position: number) => {
    const result = await move({ ...ids, ruleUid: rule.uid, position }, { portalNotify: false });
    if (result.error) failed(result.error.graphQLErrors[0]?.message ?? result.error.message);
  };
  const onDelete = (rule: RuleRow, position: number) =>
    confirm({
      title: t('firewall.deleteTitle'),
      text: t('firewall.deleteMessage', {
        position,
        summary: ruleSummary(rule, plainT(t)),
        name,
        interpolation: { escapeValue: true },
      }),
      confirmText: t('firewall.deleteConfirm'),
      action: async () => {
        const result = await remove({ ...ids, ruleUid: rule.uid }, { portalNotify: false });
        if (result.error) {
          failed(result.error.graphQLErrors[0]?.message ?? result.error.message);
          return false;
        }
        notify({ type: 'success', message: t('firewall.deleted') });
        return true;
      },
    });
  const number = new Intl.NumberFormat(i18n.language?.startsWith('de') ? 'de-DE' : 'en-US');

  return (
    <div className={styles.root}>
      <div className={styles.top}>
        <section className={styles.section} aria-labelledby="firewall-policies">
          <Subtitle2 as="h2" id="firewall-policies" className={styles.heading}>
            {t('firewall.policies')}
          </Subtitle2>
          <Caption1 className={styles.muted}>{t('firewall.policyHint')}</Caption1>
          <div className={styles.policies}>
            {DIRECTIONS.map((direction) => (
              <Field
                key={direction}
                className={styles.policy}
                label={t(direction === 'INBOUND' ? 'firewall.inboundPolicy' : 'firewall.outboundPolicy')}
              >
                <Select
                  value={direction === 'INBOUND' ? firewall.inboundPolicy : firewall.outboundPolicy}
                  onChange={(_event, { value }) => void changePolicy(direction, value as FirewallAction)}
                >
                  <option value="ACCEPT">{t('firewall.policy.ACCEPT')}</option>
                  <option value="DROP">{t('firewall.policy.DROP')}</option>
                </Select>
              </Field>
            ))}
          </div>
          <Caption1 className={styles.muted}>{t('firewall.dropped')}</Caption1>
          <span className={styles.number} data-testid="dropped-packets">
            {number.format(firewall.droppedInboundPackets)}
          </span>
        </section>
        <section className={styles.section} aria-labelledby="firewall-services">
          <Subtitle2 as="h2" id="firewall-services" className={styles.heading}>
            {t('firewall.services')}
          </Subtitle2>
          <Caption1 className={styles.muted}>{t('firewall.servicesHint')}</Caption1>
          <ServicesList services={firewall.services} />
          {running ? null : <Caption1 className={styles.muted}>{t('firewall.instanceOff')}</Caption1>}
        </section>
      </div>
      {DIRECTIONS.map((direction) => {
        const rules = firewall.rules.filter((r) => r.direction === direction);
        const full = rules.length >= firewall.maxRulesPerDirection;
        const policy = direction === 'INBOUND' ? firewall.inboundPolicy : firewall.outboundPolicy;
        return (
          <section key={direction} className={styles.section} aria-labelledby={`firewall-${direction}`}>
            <div className={styles.header}>
              <Subtitle2 as="h2" id={`firewall-${direction}`} className={styles.heading}>
                {t(`firewall.rules.${direction}`)}
              </Subtitle2>
              <Caption1 className={styles.muted}>
                {t('firewall.rulesCount', { count: rules.length, max: firewall.maxRulesPerDirection })}
              </Caption1>
              <span className={styles.grow} />
              <Button
                icon={<AddRegular />}
                disabled={full}
                title={full ? t('firewall.limitReached', { max: firewall.maxRulesPerDirection }) : undefined}
                aria-label={`${t('firewall.addRule')} (${t(`firewall.direction.${direction}`)})`}
                onClick={() => setDialog({ direction })}
              >
                {t('firewall.addRule')}
              </Button>
            </div>
            {rules.length === 0 ? (
              <Caption1 className={styles.muted}>
                {t(`firewall.noRules.${direction}`, { policy: t(`firewall.policy.${policy}`) })}
              </Caption1>
            ) : (
              <>
                <Caption1 className={styles.muted}>{t('firewall.order')}</Caption1>
                <RulesTable
                  direction={direction}
                  rules={rules}
                  busy={moving.fetching}
                  onMove={(rule, position) => void onMove(rule, position)}
                  onEdit={(rule) => setDialog({ rule, direction })}
                  onDelete={(rule) => void onDelete(rule, rules.indexOf(rule) + 1)}
                />
              </>
            )}
          </section>
        );
      })}
      {dialog ? (
        <Suspense fallback={null}>
          <RuleDialog
            contractUid={contractUid}
            instanceUid={uid}
            {...(dialog.rule ? { rule: dialog.rule } : {})}
            direction={dialog.direction}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
