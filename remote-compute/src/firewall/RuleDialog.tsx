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
import { FormError, SubmitButton, TextField, usePortal, zodValidate } from '@portal/shared';
import { SelectField, TextareaField } from '@portal/shared/fields';
import { FORM_ERROR } from 'final-form';
import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { useMutation } from 'urql';
import { AddFirewallRuleDocument, type FirewallDirection, UpdateFirewallRuleDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import {
  hasPorts,
  NEW_RULE,
  plainT,
  RULE_FIELDS,
  type RuleFormValues,
  type RuleRow,
  ruleInput,
  ruleSchema,
  ruleValues,
} from './ruleForm';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  pair: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalM,
  },
});

/**
 * Adds a rule (at the end of its direction) or edits one. Checked in the browser with the api's
 * messages; a refusal of the api lands on the field it names (`extensions.field`), the input stays.
 */
export function RuleDialog({
  contractUid,
  instanceUid,
  rule,
  direction,
  onClose,
}: {
  contractUid: string;
  instanceUid: string;
  /** The rule to edit; none: a new rule. */
  rule?: RuleRow;
  direction?: FirewallDirection;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { notify } = usePortal();
  const [, add] = useMutation(AddFirewallRuleDocument);
  const [, update] = useMutation(UpdateFirewallRuleDocument);
  const validate = useMemo(() => zodValidate(ruleSchema(plainT(t))), [t]);
  const initialValues = useMemo<RuleFormValues>(
    () => (rule ? ruleValues(rule) : { ...NEW_RULE, direction: direction ?? 'INBOUND' }),
    [rule, direction],
  );
  const onSubmit = async (values: RuleFormValues) => {
    const input = ruleInput(values);
    const result = rule
      ? await update({ contractUid, instanceUid, ruleUid: rule.uid, rule: input }, { portalNotify: false })
      : await add({ contractUid, instanceUid, rule: input }, { portalNotify: false });
    if (result.error) {
      const refusal = result.error.graphQLErrors[0];
      if (!refusal) return { [FORM_ERROR]: result.error.message };
      const field = (refusal.extensions as { field?: unknown } | undefined)?.field;
      return (RULE_FIELDS as readonly unknown[]).includes(field)
        ? { [field as string]: refusal.message }
        : { [FORM_ERROR]: refusal.message };
    }
    notify({ type: 'success', message: t(rule ? 'firewall.saved' : 'firewall.added') });
    onClose();
    return undefined;
  };
  const options = <K extends string>(keys: readonly K[], prefix: string) =>
    keys.map((value) => ({ value, label: t(String(`${prefix}.${value}`)) }));
  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && onClose()}>
      <DialogSurface>
        <Form<RuleFormValues> onSubmit={onSubmit} validate={validate} initialValues={initialValues}>
          {({ handleSubmit, values }) => (
            <form onSubmit={handleSubmit} noValidate>
              <DialogBody>
                <DialogTitle>{t(rule ? 'firewall.editRule' : 'firewall.addRule')}</DialogTitle>
                <DialogContent className={styles.form}>
                  <div className={styles.pair}>
                    <SelectField
                      name="direction"
                      label={t('firewall.directionLabel')}
                      options={options(['INBOUND', 'OUTBOUND'], 'firewall.direction')}
                    />
                    <SelectField
                      name="action"
                      label={t('firewall.actionLabel')}
                      options={options(['ACCEPT', 'DROP'], 'firewall.policy')}
                    />
                  </div>
                  <div className={styles.pair}>
                    <SelectField
                      name="protocol"
                      label={t('firewall.protocolLabel')}
                      options={options(['TCP', 'UDP', 'ICMP', 'ALL'], 'firewall.protocol')}
                    />
                    <TextField
                      name="ports"
                      label={t('firewall.portsLabel')}
                      hint={hasPorts(values.protocol) ? t('firewall.portsHint') : t('firewall.portsNone')}
                      placeholder={hasPorts(values.protocol) ? '22' : ''}
                      disabled={!hasPorts(values.protocol) && !(values.ports ?? '').trim()}
                      inputMode="numeric"
                      autoComplete="off"
                    />
                  </div>
                  <TextareaField
                    name="addresses"
                    label={t(
                      values.direction === 'INBOUND' ? 'firewall.sourcesLabel' : 'firewall.destinationsLabel',
                    )}
                    hint={t('firewall.addressesHint')}
                    required
                  />
                  <TextField name="description" label={t('firewall.descriptionLabel')} maxLength={100} />
                  <FormError />
                </DialogContent>
                <DialogActions>
                  <Button appearance="secondary" onClick={onClose}>
                    {t('common.cancel')}
                  </Button>
                  <SubmitButton>{t(rule ? 'firewall.save' : 'firewall.add')}</SubmitButton>
                </DialogActions>
              </DialogBody>
            </form>
          )}
        </Form>
      </DialogSurface>
    </Dialog>
  );
}
