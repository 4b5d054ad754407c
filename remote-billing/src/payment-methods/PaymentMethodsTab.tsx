import {
  Badge,
  Body1Strong,
  Button,
  Caption1,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import {
  AddRegular,
  DeleteRegular,
  DismissRegular,
  MoreHorizontalRegular,
  PaymentRegular,
  StarRegular,
} from '@fluentui/react-icons';
import { EmptyState, usePortal } from '@portal/shared';
import { useDateFormat } from '@portal/shared/dates';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { mayPay } from '../common/billingAccess';
import { LoadError } from '../common/LoadError';
import { useRefetchOnChange } from '../common/useBillingLive';
import {
  BillingRolesDocument,
  CompletePaymentMethodSetupDocument,
  CompletePayPalVaultSetupDocument,
  ConnectPayPalDocument,
  type PaymentMethodFieldsFragment,
  PaymentMethodsDocument,
  RemovePaymentMethodDocument,
  SetDefaultPaymentMethodDocument,
} from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import { apiRefusal } from '../payments/apiRefusal';
import { paymentReturnPath } from '../payments/cardFormKind';
import { AddCardDialog } from './AddCardDialog';
import { ConnectPayPalDialog } from './ConnectPayPalDialog';
import { cardExpired, cardExpiry, methodLabel } from './methodLabel';
import { takeSetup } from './setupStash';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
  },
  item: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 1fr) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  icon: {
    width: '44px',
    height: '30px',
    display: 'grid',
    placeItems: 'center',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground3,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorNeutralForeground2,
  },
  text: { display: 'flex', flexDirection: 'column', minWidth: 0, gap: tokens.spacingVerticalXXS },
  title: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    overflowWrap: 'anywhere',
  },
  detail: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** A short mark for the method (the brand's letters, or PayPal's), beside its name. */
function methodMark(method: PaymentMethodFieldsFragment): string {
  if (method.methodType === 'PAYPAL') return 'PP';
  const brand = (method.cardBrand ?? '').toLowerCase();
  if (brand.includes('visa')) return 'VISA';
  if (brand.includes('master')) return 'MC';
  if (brand.includes('amex') || brand.includes('american')) return 'AMEX';
  return (method.cardBrand ?? 'CARD').slice(0, 4).toUpperCase();
}

/**
 * Payment methods (issue 11): the workspace's saved cards (brand, last 4, expiry) and PayPal
 * accounts (payer e-mail, country), each with the dates it is effective, the default marked; Add
 * card, Connect PayPal, Make default and Remove for those who may pay (the api refuses everyone
 * else anyway). Removing asks through the portal's confirm dialog and shows the api's reason when it
 * refuses (the last method while an amount is due).
 */
export function PaymentMethodsTab({ contractUid }: { contractUid: string }) {
  const styles = useStyles();
  const { t } = useBillingTranslation();
  const { notify, confirm, me, runtimeConfig } = usePortal();
  /** Real PayPal (Vault v3): PayPal's button in a dialog; none: the sandbox's connection page. */
  const paypalClientId = runtimeConfig.paypalClientId;
  const { formatDate } = useDateFormat();
  const [{ data, error, fetching }, refetch] = useQuery({
    query: PaymentMethodsDocument,
    variables: { contractUid },
    requestPolicy: 'cache-and-network',
  });
  const [roles] = useQuery({ query: BillingRolesDocument, variables: { contractUid } });
  const canPay = mayPay(roles.data?.allWorkspaces[0]?.employee, me?.user.email);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  useRefetchOnChange(reload);

  const [, setDefault] = useMutation(SetDefaultPaymentMethodDocument);
  const [, remove] = useMutation(RemovePaymentMethodDocument);
  const [, connect] = useMutation(ConnectPayPalDocument);
  const [, completeSetup] = useMutation(CompletePaymentMethodSetupDocument);
  const [, completeVault] = useMutation(CompletePayPalVaultSetupDocument);
  const [vaulting, setVaulting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [connecting, setConnecting] = useState(false);
  const [banner, setBanner] = useState<{ intent: 'success' | 'info' | 'error'; text: string } | null>(null);

  // back from PayPal's approval page, or from a card's 3-D Secure while it was being saved
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const { navigate } = usePortal();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per return (the URL's parameters)
  useEffect(() => {
    const paypal = params.get('paypal');
    const setupIntent = params.get('setup_intent');
    if (!paypal && !setupIntent) return;
    navigate(pathname, { replace: true });
    // back from PayPal's own page (a full-page approval of a vault setup token)
    const approvedToken = params.get('approval_token_id');
    if (paypal === 'vaulted' && approvedToken)
      void completeVault({ contractUid, setupTokenId: approvedToken }, { portalNotify: false }).then(
        (result) => {
          const method = result.data?.completePayPalVaultSetup;
          if (method) {
            setBanner({
              intent: 'success',
              text: t('paymentMethods.added', { method: methodLabel(method) }),
            });
            reload();
          } else if (result.error) setBanner({ intent: 'error', text: apiRefusal(result.error).message });
        },
      );
    if (paypal === 'connected') setBanner({ intent: 'success', text: t('paymentMethods.paypalConnected') });
    else if (paypal === 'canceled') setBanner({ intent: 'info', text: t('paymentMethods.paypalCanceled') });
    if (setupIntent) {
      const stashed = takeSetup(setupIntent);
      if (params.get('redirect_status') !== 'succeeded') {
        setBanner({ intent: 'error', text: t('paymentMethods.authenticationFailed') });
        return;
      }
      void completeSetup(
        { contractUid, setupIntentId: setupIntent, makeDefault: stashed?.makeDefault ?? false },
        { portalNotify: false },
      ).then((result) => {
        if (result.data) {
          setBanner({
            intent: 'success',
            text: t('paymentMethods.added', { method: methodLabel(result.data.completePaymentMethodSetup) }),
          });
          reload();
        } else if (result.error) setBanner({ intent: 'error', text: apiRefusal(result.error).message });
      });
    }
  }, [params]);

  const methods = data?.paymentMethods ?? [];

  const makeDefault = async (method: PaymentMethodFieldsFragment) => {
    const result = await setDefault({ contractUid, uid: method.uid }, { portalNotify: false });
    if (result.error) notify({ type: 'error', message: apiRefusal(result.error).message });
    else {
      notify({ type: 'success', message: t('paymentMethods.defaultSet', { method: methodLabel(method) }) });
      reload();
    }
  };

  const removeMethod = (method: PaymentMethodFieldsFragment) =>
    confirm({
      title: t('paymentMethods.removeTitle'),
      text: t('paymentMethods.removeText', { method: escapeHtml(methodLabel(method)) }),
      confirmText: t('paymentMethods.remove'),
      action: async () => {
        const result = await remove({ contractUid, uid: method.uid }, { portalNotify: false });
        if (result.error) {
          // the api's reason (the last method while an amount is due): said, nothing changed
          notify({ type: 'error', message: apiRefusal(result.error).message });
          return true;
        }
        notify({ type: 'success', message: t('paymentMethods.removed', { method: methodLabel(method) }) });
        reload();
        return true;
      },
    });

  const connectPayPal = async () => {
    if (paypalClientId) {
      setVaulting(true);
      return;
    }
    setConnecting(true);
    const result = await connect(
      { contractUid, returnUrl: paymentReturnPath(contractUid, 'payment-methods') },
      { portalNotify: false },
    );
    if (result.data) {
      window.location.assign(result.data.connectPayPal.approvalUrl);
      return;
    }
    setConnecting(false);
    if (result.error) notify({ type: 'error', message: apiRefusal(result.error).message });
  };

  return (
    <section className={styles.root} aria-label={t('paymentMethods.title')}>
      <div className={styles.toolbar}>
        <Subtitle2 as="h2">{t('paymentMethods.title')}</Subtitle2>
        {canPay && (
          <div className={styles.actions}>
            <Button icon={<AddRegular />} onClick={() => setAdding(true)}>
              {t('paymentMethods.addCard')}
            </Button>
            <Button
              icon={connecting ? <Spinner size="tiny" /> : <PaymentRegular />}
              disabled={connecting}
              onClick={() => void connectPayPal()}
            >
              {t('paymentMethods.connectPayPal')}
            </Button>
          </div>
        )}
      </div>
      {banner && (
        <MessageBar intent={banner.intent} role={banner.intent === 'error' ? 'alert' : 'status'}>
          <MessageBarBody>{banner.text}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                aria-label={t('payments.close')}
                icon={<DismissRegular />}
                onClick={() => setBanner(null)}
              />
            }
          />
        </MessageBar>
      )}
      {error && !data ? (
        <LoadError error={error} retry={reload} />
      ) : !data && fetching ? (
        <Spinner size="small" label={t('payments.loading')} />
      ) : methods.length === 0 ? (
        <EmptyState
          title={t('paymentMethods.emptyTitle')}
          text={canPay ? t('paymentMethods.emptyText') : t('paymentMethods.emptyTextViewer')}
        />
      ) : (
        <ul className={styles.list} aria-label={t('paymentMethods.title')}>
          {methods.map((method) => {
            const label = methodLabel(method);
            const expired = cardExpired(method, new Date());
            return (
              <li key={method.uid} className={styles.item} aria-label={label}>
                <span className={styles.icon} aria-hidden>
                  {methodMark(method)}
                </span>
                <span className={styles.text}>
                  <span className={styles.title}>
                    <Body1Strong>{label}</Body1Strong>
                    {method.isDefault && (
                      <Badge appearance="tint" color="brand" icon={<StarRegular />}>
                        {t('paymentMethods.default')}
                      </Badge>
                    )}
                    {expired && (
                      <Badge appearance="tint" color="danger">
                        {t('paymentMethods.expired')}
                      </Badge>
                    )}
                  </span>
                  <Caption1 className={styles.detail}>
                    {method.methodType === 'CARD'
                      ? t('paymentMethods.expires', { date: cardExpiry(method) })
                      : t('paymentMethods.paypalCountry', { country: method.paypalCountry ?? '—' })}
                    {' · '}
                    {method.effectiveTill
                      ? t('paymentMethods.effectiveRange', {
                          from: formatDate(method.effectiveFrom),
                          till: formatDate(method.effectiveTill),
                        })
                      : t('paymentMethods.effectiveFrom', { from: formatDate(method.effectiveFrom) })}
                  </Caption1>
                </span>
                {canPay ? (
                  <Menu>
                    <MenuTrigger disableButtonEnhancement>
                      <Button
                        appearance="subtle"
                        icon={<MoreHorizontalRegular />}
                        aria-label={t('paymentMethods.actions', { method: label })}
                      />
                    </MenuTrigger>
                    <MenuPopover>
                      <MenuList>
                        <MenuItem
                          icon={<StarRegular />}
                          disabled={method.isDefault}
                          onClick={() => void makeDefault(method)}
                        >
                          {t('paymentMethods.makeDefault')}
                        </MenuItem>
                        <MenuItem icon={<DeleteRegular />} onClick={() => void removeMethod(method)}>
                          {t('paymentMethods.remove')}
                        </MenuItem>
                      </MenuList>
                    </MenuPopover>
                  </Menu>
                ) : (
                  <span />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {adding && (
        <AddCardDialog
          contractUid={contractUid}
          hasMethods={methods.length > 0}
          onClose={() => setAdding(false)}
          onAdded={(method) => {
            setAdding(false);
            notify({ type: 'success', message: t('paymentMethods.added', { method: methodLabel(method) }) });
            reload();
          }}
        />
      )}
      {vaulting && paypalClientId && (
        <ConnectPayPalDialog
          contractUid={contractUid}
          clientId={paypalClientId}
          hasMethods={methods.length > 0}
          onClose={() => setVaulting(false)}
          onConnected={(method) => {
            setVaulting(false);
            notify({ type: 'success', message: t('paymentMethods.added', { method: methodLabel(method) }) });
            reload();
          }}
        />
      )}
    </section>
  );
}
