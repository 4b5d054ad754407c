import { MessageBar, MessageBarBody, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { FormError, formatMoney, requiredText, SubmitButton, usePortal, zodValidate } from '@portal/shared';
import { FORM_ERROR } from 'final-form';
import { useMemo } from 'react';
import { Form } from 'react-final-form';
import { useMutation, useQuery } from 'urql';
import { z } from 'zod';
import { ComputeCatalogDocument, ResizeInstanceDocument } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import type { InstanceRow } from '../instances/instanceList';
import { ChoiceField } from '../new-instance/ChoiceField';
import { formatMemory, planPrice } from '../new-instance/pricing';
import { largerPlans } from './plans';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  choice: { display: 'flex', flexDirection: 'column' },
  sub: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  text: { margin: 0 },
});

/**
 * Settings › Resize: the larger plans with their price and what it adds, like DigitalOcean. Only an
 * instance that is off (INACTIVE) can be resized; the answer carries `resizingTo` and
 * `instanceChanged` brings the new plan.
 */
export function ResizeSection({ instance }: { instance: InstanceRow }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { notify } = usePortal();
  const [{ data }] = useQuery({ query: ComputeCatalogDocument });
  const [, resize] = useMutation(ResizeInstanceDocument);
  const validate = useMemo(() => zodValidate(z.object({ planUid: requiredText() })), []);
  const plans = data?.computeCatalog.plans ?? [];
  const current = plans.find((plan) => plan.uid === instance.plan.uid);
  const currentPrice = current ? planPrice(current, instance.currency) : null;
  const larger = current ? largerPlans(current, plans) : [];
  const off = instance.status === 'INACTIVE' && !instance.pendingAction && !instance.resizingTo;

  const onSubmit = async ({ planUid }: { planUid?: string }) => {
    const result = await resize(
      { contractUid: instance.contractUid, uid: instance.uid, planUid: planUid ?? '' },
      { portalNotify: false },
    );
    if (result.error) {
      const refusal = result.error.graphQLErrors[0];
      const field = (refusal?.extensions as { field?: unknown } | undefined)?.field;
      return field === 'planUid'
        ? { planUid: refusal?.message }
        : { [FORM_ERROR]: refusal?.message ?? result.error.message };
    }
    const plan = plans.find((item) => item.uid === planUid);
    notify({
      type: 'success',
      message: t('lifecycle.resizing', { name: instance.name, plan: plan?.name ?? planUid }),
    });
    return undefined;
  };

  return (
    <section className={styles.section} aria-labelledby="resize-heading">
      <Subtitle2 as="h2" id="resize-heading">
        {t('lifecycle.resizeHeading')}
      </Subtitle2>
      <p className={styles.text}>{t('lifecycle.resizeText')}</p>
      {current && currentPrice && (
        <p className={styles.text}>
          {t('lifecycle.current', {
            plan: current.name,
            price: formatMoney(currentPrice.monthly, currentPrice.currency),
          })}
        </p>
      )}
      {instance.resizingTo ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('lifecycle.resizeBusy', { plan: instance.resizingTo.name })}</MessageBarBody>
        </MessageBar>
      ) : current && larger.length === 0 ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('lifecycle.noLargerPlan')}</MessageBarBody>
        </MessageBar>
      ) : (
        <>
          {!off && (
            <MessageBar intent="warning">
              <MessageBarBody>{t('lifecycle.resizeOff')}</MessageBarBody>
            </MessageBar>
          )}
          <Form<{ planUid?: string }> onSubmit={onSubmit} validate={validate}>
            {({ handleSubmit, form }) => (
              <form
                className={styles.section}
                noValidate
                onSubmit={async (event) => {
                  await handleSubmit(event);
                  if (form.getState().submitSucceeded) form.restart();
                }}
              >
                <ChoiceField
                  name="planUid"
                  label={t('lifecycle.newPlan')}
                  groups={[
                    {
                      choices: larger.map((plan) => {
                        const price = planPrice(plan, instance.currency);
                        const difference =
                          price && currentPrice ? Number(price.monthly) - Number(currentPrice.monthly) : null;
                        return {
                          value: plan.uid,
                          label: (
                            <span className={styles.choice}>
                              <span>
                                {plan.name}
                                {price &&
                                  ` · ${
                                    difference !== null
                                      ? t('lifecycle.priceDifference', {
                                          price: formatMoney(price.monthly, price.currency),
                                          difference: formatMoney(difference.toFixed(2), price.currency),
                                        })
                                      : t('newInstance.monthly', {
                                          price: formatMoney(price.monthly, price.currency),
                                        })
                                  }`}
                              </span>
                              <span className={styles.sub}>
                                {t('newInstance.planSpecs', {
                                  vcpus: plan.vcpus,
                                  memory: formatMemory(plan.memoryMb),
                                  disk: plan.diskGb,
                                  transfer: plan.transferTb,
                                })}
                              </span>
                            </span>
                          ),
                        };
                      }),
                    },
                  ]}
                />
                <FormError />
                <div>
                  <SubmitButton disabled={!off}>{t('lifecycle.resize')}</SubmitButton>
                </div>
              </form>
            )}
          </Form>
        </>
      )}
    </section>
  );
}
