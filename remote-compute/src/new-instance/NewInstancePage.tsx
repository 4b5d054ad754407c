import {
  Body1,
  Caption1,
  Card,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import {
  FormError,
  formatMoney,
  PasswordField,
  SubmitButton,
  TextField,
  usePortal,
  useValidationText,
  zodValidate,
} from '@portal/shared';
import { FORM_ERROR } from 'final-form';
import { useMemo, useState } from 'react';
import { Form, useFormState } from 'react-final-form';
import { useLocation, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { computeEnabled } from '../common/computeAccess';
import { dashboardPath } from '../dashboard/dashboardTabs';
import {
  ComputeCatalogDocument,
  type ComputeCatalogQuery,
  CreateInstanceDocument,
  OfferDocument,
} from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import { SshKeysField } from '../ssh-keys/SshKeysField';
import { ChoiceField } from './ChoiceField';
import { InstanceQuotaNotice, QUOTA_REFUSALS } from './InstanceQuotaNotice';
import {
  createInstanceErrors,
  type NewInstanceValues,
  newInstanceSchema,
  withCredentials,
} from './newInstanceForm';
import { formatHourly, formatMemory, planPrice, VISITOR_CURRENCY } from './pricing';
import {
  clearConfiguration,
  loginPathBackTo,
  readConfiguration,
  saveConfiguration,
} from './savedConfiguration';

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    padding: tokens.spacingHorizontalL,
    gridTemplateColumns: 'minmax(0, 1fr)',
    '@media (min-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr) 320px', alignItems: 'start' },
  },
  sections: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, minWidth: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  summary: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    '@media (min-width: 960px)': { position: 'sticky', top: tokens.spacingVerticalL },
  },
  list: {
    margin: 0,
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
  },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  total: { fontWeight: tokens.fontWeightSemibold },
  choice: { display: 'flex', flexDirection: 'column' },
  sub: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
});

type Catalog = ComputeCatalogQuery['computeCatalog'];

/**
 * New instance (spec section 2, "Add new Service", open to visitors with a `template_uid`): image,
 * location, plan, name and root password, the price before Deploy. A visitor's Deploy keeps the
 * choices in this tab and goes to Login with the way back; signed in, Deploy creates the instance
 * and goes to the list, where it turns Active live.
 */
export default function NewInstancePage() {
  const { t } = useComputeTranslation();
  const [params] = useSearchParams();
  const templateUid = params.get('template_uid') ?? '';
  const [catalog] = useQuery({ query: ComputeCatalogDocument });
  const [offer] = useQuery({
    query: OfferDocument,
    variables: { templateUid },
    pause: !templateUid,
  });

  const data = catalog.data?.computeCatalog;
  const offerLoaded = !templateUid || offer.data !== undefined || !!offer.error;
  if (!data || !offerLoaded) {
    const error = catalog.error ?? offer.error;
    if (error)
      return (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('common.loadFailed', { detail: error.graphQLErrors[0]?.message ?? error.message })}
          </MessageBarBody>
        </MessageBar>
      );
    return <Spinner label={t('common.loading')} />;
  }
  const template = offer.data?.offer ?? null;
  return (
    <NewInstanceForm
      catalog={data}
      template={template ? { imageUid: template.image.uid, planUid: template.plan.uid } : null}
      templateUnknown={!!templateUid && !template}
    />
  );
}

function NewInstanceForm({
  catalog,
  template,
  templateUnknown,
}: {
  catalog: Catalog;
  template: { imageUid: string; planUid: string } | null;
  templateUnknown: boolean;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { session, workspace, navigate, notify } = usePortal();
  const { pathname, search } = useLocation();
  const signedIn = session.isAuthenticated;
  const currency = workspace?.balance.currency ?? VISITOR_CURRENCY;
  const [, createInstance] = useMutation(CreateInstanceDocument);

  // the saved choices of a visitor, read once; forgotten when the customer has deployed (not on
  // reading: the page mounts again while the shell switches to the signed-in layout)
  const [restored] = useState(() => readConfiguration());
  const initialValues = useMemo<NewInstanceValues>(
    () => ({
      imageUid: restored?.imageUid ?? template?.imageUid,
      planUid: restored?.planUid ?? template?.planUid,
      locationUid: restored?.locationUid ?? catalog.locations[0]?.uid,
      name: restored?.name ?? '',
    }),
    [restored, template, catalog],
  );
  const validate = useMemo(
    () =>
      signedIn
        ? withCredentials(
            zodValidate(newInstanceSchema({ nameInvalid: t('newInstance.nameInvalid'), withPassword: true })),
          )
        : zodValidate(newInstanceSchema({ nameInvalid: t('newInstance.nameInvalid'), withPassword: false })),
    [t, signedIn],
  );

  const onSubmit = async (values: NewInstanceValues) => {
    if (!signedIn) {
      saveConfiguration(values);
      navigate(loginPathBackTo(pathname + search));
      return undefined;
    }
    if (!workspace) return { [FORM_ERROR]: t('newInstance.noWorkspace') };
    if (!computeEnabled(workspace)) return { [FORM_ERROR]: t('instances.notEnabledText') };
    const result = await createInstance(
      {
        input: {
          contractUid: workspace.contractUid,
          name: values.name?.trim() ?? '',
          imageUid: values.imageUid ?? '',
          locationUid: values.locationUid ?? '',
          planUid: values.planUid ?? '',
          rootPassword: values.rootPassword || null,
          sshKeyUids: values.sshKeyUids ?? [],
        },
      },
      { portalNotify: false },
    );
    if (result.error)
      return createInstanceErrors(result.error, (code) =>
        code in QUOTA_REFUSALS ? t(QUOTA_REFUSALS[code as keyof typeof QUOTA_REFUSALS]) : undefined,
      );
    clearConfiguration();
    const created = result.data?.createInstance;
    notify({ type: 'success', message: t('newInstance.deployed', { name: created?.name ?? values.name }) });
    navigate(dashboardPath(workspace.contractUid, 'instances'));
    return undefined;
  };

  const byKind = (kind: 'OS' | 'APPLICATION') => catalog.images.filter((image) => image.kind === kind);
  const imageChoice = (image: Catalog['images'][number]) => ({
    value: image.uid,
    label: (
      <span className={styles.choice}>
        {image.name}
        {image.description && <span className={styles.sub}>{image.description}</span>}
      </span>
    ),
  });

  return (
    <Form<NewInstanceValues> onSubmit={onSubmit} initialValues={initialValues} validate={validate}>
      {({ handleSubmit }) => (
        <form className={styles.root} onSubmit={handleSubmit} noValidate>
          <div className={styles.sections}>
            {templateUnknown && (
              <MessageBar intent="warning">
                <MessageBarBody>{t('newInstance.templateUnknown')}</MessageBarBody>
              </MessageBar>
            )}
            {restored && signedIn && (
              <MessageBar intent="info">
                <MessageBarBody>{t('newInstance.restored')}</MessageBarBody>
              </MessageBar>
            )}
            {!signedIn && (
              <MessageBar intent="info">
                <MessageBarBody>{t('newInstance.visitorHint')}</MessageBarBody>
              </MessageBar>
            )}
            <section className={styles.section}>
              <ChoiceField
                name="imageUid"
                label={t('newInstance.image')}
                groups={[
                  { heading: t('newInstance.os'), choices: byKind('OS').map(imageChoice) },
                  { heading: t('newInstance.apps'), choices: byKind('APPLICATION').map(imageChoice) },
                ].filter((group) => group.choices.length > 0)}
              />
            </section>
            <section className={styles.section}>
              <ChoiceField
                name="locationUid"
                label={t('newInstance.location')}
                groups={[
                  {
                    choices: catalog.locations.map((location) => ({
                      value: location.uid,
                      label: `${location.city}, ${location.country} (${location.region.toUpperCase()})`,
                    })),
                  },
                ]}
              />
            </section>
            <section className={styles.section}>
              <ChoiceField
                name="planUid"
                label={t('newInstance.plan')}
                groups={[
                  {
                    choices: catalog.plans.map((plan) => {
                      const price = planPrice(plan, currency);
                      return {
                        value: plan.uid,
                        label: (
                          <span className={styles.choice}>
                            <span>
                              {plan.name}
                              {price &&
                                ` · ${t('newInstance.monthly', { price: formatMoney(price.monthly, price.currency) })}`}
                            </span>
                            <span className={styles.sub}>
                              {t('newInstance.planSpecs', {
                                vcpus: plan.vcpus,
                                memory: formatMemory(plan.memoryMb),
                                disk: plan.diskGb,
                                transfer: plan.transferTb,
                              })}
                              {price &&
                                ` · ${t('newInstance.hourly', { price: formatHourly(price.hourly, price.currency) })}`}
                            </span>
                          </span>
                        ),
                      };
                    }),
                  },
                ]}
              />
            </section>
            <section className={styles.section}>
              <Subtitle2 as="h2">{t('newInstance.details')}</Subtitle2>
              <TextField
                name="name"
                label={t('newInstance.name')}
                hint={t('newInstance.nameHint')}
                autoComplete="off"
                spellCheck={false}
                required
              />
              {signedIn ? (
                <>
                  <SshKeysField />
                  <RootPasswordField />
                </>
              ) : (
                <Caption1>{t('sshKeys.visitorNote')}</Caption1>
              )}
            </section>
          </div>
          <Summary catalog={catalog} currency={currency} signedIn={signedIn} />
        </form>
      )}
    </Form>
  );
}

/** Required unless an SSH key is chosen (then optional, and said so). */
function RootPasswordField() {
  const { t } = useComputeTranslation();
  const { values } = useFormState<NewInstanceValues>({ subscription: { values: true } });
  const withKey = (values.sshKeyUids?.length ?? 0) > 0;
  return (
    <PasswordField
      name="rootPassword"
      label={t('newInstance.rootPassword')}
      hint={
        withKey ? (
          <>
            {t('sshKeys.passwordOptional')} <PasswordHint />
          </>
        ) : (
          <PasswordHint />
        )
      }
      autoComplete="new-password"
      required={!withKey}
    />
  );
}

function PasswordHint() {
  const text = useValidationText();
  return <>{text('validation:passwordHint')}</>;
}

function Summary({ catalog, currency, signedIn }: { catalog: Catalog; currency: string; signedIn: boolean }) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  const { workspace } = usePortal();
  const { values } = useFormState<NewInstanceValues>({ subscription: { values: true } });
  const image = catalog.images.find((item) => item.uid === values.imageUid);
  const location = catalog.locations.find((item) => item.uid === values.locationUid);
  const plan = catalog.plans.find((item) => item.uid === values.planUid);
  const price = plan ? planPrice(plan, currency) : null;
  const none = t('newInstance.notChosen');
  return (
    <Card className={styles.summary} aria-labelledby="new-instance-summary">
      <Subtitle2 as="h2" id="new-instance-summary">
        {t('newInstance.summary')}
      </Subtitle2>
      <dl className={styles.list}>
        <dt className={styles.term}>{t('newInstance.image')}</dt>
        <dd className={styles.value}>{image?.name ?? none}</dd>
        <dt className={styles.term}>{t('newInstance.location')}</dt>
        <dd className={styles.value}>{location ? `${location.city}, ${location.country}` : none}</dd>
        <dt className={styles.term}>{t('newInstance.plan')}</dt>
        <dd className={styles.value}>{plan?.name ?? none}</dd>
        <dt className={styles.term}>{t('newInstance.name')}</dt>
        <dd className={styles.value}>{values.name?.trim() || none}</dd>
        <dt className={`${styles.term} ${styles.total}`}>{t('newInstance.total')}</dt>
        <dd className={`${styles.value} ${styles.total}`} data-testid="summary-total">
          {price ? (
            <>
              {t('newInstance.monthly', { price: formatMoney(price.monthly, price.currency) })}
              <Body1 as="span" className={styles.sub}>
                {' '}
                ({t('newInstance.hourly', { price: formatHourly(price.hourly, price.currency) })})
              </Body1>
            </>
          ) : (
            none
          )}
        </dd>
      </dl>
      {signedIn && workspace && computeEnabled(workspace) && (
        <InstanceQuotaNotice contractUid={workspace.contractUid} />
      )}
      <FormError />
      <SubmitButton>{signedIn ? t('newInstance.deploy') : t('newInstance.signInToDeploy')}</SubmitButton>
    </Card>
  );
}
