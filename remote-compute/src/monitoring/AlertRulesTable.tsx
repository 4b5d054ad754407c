import {
  Badge,
  Button,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Subtitle2,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, AlertRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { EmptyState, formatAlertPeriod, usePortal } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import {
  type AlertRuleFieldsFragment,
  AlertRulesDocument,
  DeleteAlertRuleDocument,
  SetAlertRuleEnabledDocument,
} from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { formatRuleValue } from './metricFormat';

// loaded when opened: with it the shared SelectField (Fluent's Select), which the Dashboard's first
// screen does not need (issue 14)
const AlertRuleDialog = lazy(() => import('./AlertRuleDialog').then((m) => ({ default: m.AlertRuleDialog })));

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  header: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  intro: { margin: 0, color: tokens.colorNeutralForeground3, maxWidth: '72ch' },
  // the table scrolls inside its own box; the page never scrolls sideways
  scroller: { overflowX: 'auto', maxWidth: '100%' },
  table: { minWidth: '760px' },
  name: { fontWeight: tokens.fontWeightSemibold },
  sub: { display: 'block', color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
});

/** 'CPU above 90 % for 5 min' */
export function ruleName(rule: AlertRuleFieldsFragment, t: TFunction) {
  return t('monitoring.rules.ruleName', {
    metric: t(`monitoring.metric.${rule.metric}`),
    condition: t(`monitoring.rules.conditionInName.${rule.condition}`, {
      value: formatRuleValue(rule.metric, rule.value),
    }),
    period: formatAlertPeriod(rule.periodMinutes, t),
  });
}

/**
 * The alert rules of the workspace (or of one instance): what each watches, its state (firing since,
 * recovered at, live through `alertRuleChanged`), a switch to enable or disable it, Edit and Delete.
 */
export function AlertRulesTable({
  contractUid,
  instanceUid,
  chosenInstanceUid,
  instances,
}: {
  contractUid: string;
  /** one instance's rules (its details page); the instance column is then left out */
  instanceUid?: string;
  instances: ReadonlyArray<{ uid: string; name: string }>;
  /** the instance the Dashboard shows: a new rule starts on it */
  chosenInstanceUid?: string | null;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { confirm, notify } = usePortal();
  const { formatDateTime } = useDateFormat();
  const [{ data, error, fetching }] = useQuery({
    query: AlertRulesDocument,
    variables: { contractUid, instanceUid: instanceUid ?? null },
  });
  const [, setEnabled] = useMutation(SetAlertRuleEnabledDocument);
  const [, remove] = useMutation(DeleteAlertRuleDocument);
  const [editing, setEditing] = useState<AlertRuleFieldsFragment | 'new' | null>(null);
  const rules = data?.alertRules;

  const refused = (message: string) => notify({ type: 'error', message });
  const toggle = async (rule: AlertRuleFieldsFragment, enabled: boolean) => {
    const result = await setEnabled({ contractUid, uid: rule.uid, enabled }, { portalNotify: false });
    if (result.error) refused(result.error.graphQLErrors[0]?.message ?? result.error.message);
  };
  const askDelete = (rule: AlertRuleFieldsFragment) =>
    confirm({
      title: t('monitoring.rules.deleteTitle'),
      text: t('monitoring.rules.deleteText', {
        rule: ruleName(rule, t),
        instance: rule.instance.name,
        interpolation: { escapeValue: true },
      }),
      confirmText: t('monitoring.rules.delete'),
      action: async () => {
        const result = await remove({ contractUid, uid: rule.uid }, { portalNotify: false });
        if (result.error) {
          refused(result.error.graphQLErrors[0]?.message ?? result.error.message);
          return false;
        }
        notify({ type: 'success', message: t('monitoring.rules.deleted') });
        return true;
      },
    });

  const state = (rule: AlertRuleFieldsFragment) => {
    if (!rule.enabled)
      return (
        <Badge appearance="outline" color="informative">
          {t('monitoring.rules.state.disabled')}
        </Badge>
      );
    if (rule.firing)
      return (
        <>
          <Badge appearance="filled" color="danger" icon={<AlertRegular />}>
            {t('monitoring.rules.state.firing')}
          </Badge>
          {rule.firedAt ? (
            <span className={styles.sub}>
              {t('monitoring.rules.since', { time: formatDateTime(rule.firedAt) })}
            </span>
          ) : null}
        </>
      );
    return (
      <>
        <Badge appearance="tint" color="success">
          {t('monitoring.rules.state.ok')}
        </Badge>
        {rule.recoveredAt ? (
          <span className={styles.sub}>
            {t('monitoring.rules.recovered', { time: formatDateTime(rule.recoveredAt) })}
          </span>
        ) : null}
      </>
    );
  };

  return (
    <section className={styles.root} aria-labelledby="alert-rules-heading">
      <div className={styles.header}>
        <Subtitle2 as="h2" id="alert-rules-heading">
          {t('monitoring.rules.heading')}
        </Subtitle2>
        <span className={styles.grow} />
        <Button
          appearance="primary"
          icon={<AddRegular />}
          disabled={instances.length === 0}
          onClick={() => setEditing('new')}
        >
          {t('monitoring.rules.add')}
        </Button>
      </div>
      <p className={styles.intro}>{t('monitoring.rules.intro')}</p>
      {!rules ? (
        error ? (
          <MessageBar intent="error">
            <MessageBarBody>
              {t('common.loadFailed', { detail: error.graphQLErrors[0]?.message ?? error.message })}
            </MessageBarBody>
          </MessageBar>
        ) : fetching ? (
          <Spinner label={t('common.loading')} />
        ) : null
      ) : rules.length === 0 ? (
        <EmptyState
          media={<AlertRegular />}
          title={t('monitoring.rules.empty')}
          text={t('monitoring.rules.emptyText')}
        />
      ) : (
        <div className={styles.scroller}>
          <Table className={styles.table} aria-label={t('monitoring.rules.heading')}>
            <TableHeader>
              <TableRow>
                {instanceUid ? null : (
                  <TableHeaderCell>{t('monitoring.rules.columns.instance')}</TableHeaderCell>
                )}
                <TableHeaderCell>{t('monitoring.rules.columns.metric')}</TableHeaderCell>
                <TableHeaderCell>{t('monitoring.rules.columns.condition')}</TableHeaderCell>
                <TableHeaderCell>{t('monitoring.rules.columns.period')}</TableHeaderCell>
                <TableHeaderCell>{t('monitoring.rules.columns.state')}</TableHeaderCell>
                <TableHeaderCell>{t('monitoring.rules.columns.enabled')}</TableHeaderCell>
                <TableHeaderCell>
                  <span className={styles.sub}>{t('monitoring.rules.columns.actions')}</span>
                </TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rules.map((rule) => {
                const name = ruleName(rule, t);
                return (
                  <TableRow key={rule.uid}>
                    {instanceUid ? null : <TableCell className={styles.name}>{rule.instance.name}</TableCell>}
                    <TableCell>{t(`monitoring.metric.${rule.metric}`)}</TableCell>
                    <TableCell>
                      {t(`monitoring.rules.condition.${rule.condition}`, {
                        value: formatRuleValue(rule.metric, rule.value),
                      })}
                    </TableCell>
                    <TableCell>{formatAlertPeriod(rule.periodMinutes, t)}</TableCell>
                    <TableCell>{state(rule)}</TableCell>
                    <TableCell>
                      <Switch
                        checked={rule.enabled}
                        aria-label={t('monitoring.rules.enable', { name: `${rule.instance.name}: ${name}` })}
                        onChange={(_event, { checked }) => void toggle(rule, checked)}
                      />
                    </TableCell>
                    <TableCell>
                      <div className={styles.actions}>
                        <Button
                          appearance="subtle"
                          icon={<EditRegular />}
                          aria-label={t('monitoring.rules.editLabel', {
                            name: `${rule.instance.name}: ${name}`,
                          })}
                          onClick={() => setEditing(rule)}
                        />
                        <Button
                          appearance="subtle"
                          icon={<DeleteRegular />}
                          aria-label={t('monitoring.rules.deleteLabel', {
                            name: `${rule.instance.name}: ${name}`,
                          })}
                          onClick={() => void askDelete(rule)}
                        />
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <AlertRuleDialog
            contractUid={contractUid}
            rule={editing === 'new' ? null : editing}
            instances={instances}
            {...(instanceUid ? { fixedInstanceUid: instanceUid } : {})}
            defaultInstanceUid={chosenInstanceUid ?? null}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
