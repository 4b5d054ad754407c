import {
  Body1,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useRef, useState } from 'react';
import { useMutation } from 'urql';
import {
  CompletePayPalVaultSetupDocument,
  type PaymentMethodFieldsFragment,
  StartPayPalVaultSetupDocument,
} from '../gql/graphql';
import { useBillingTranslation } from '../i18n/useBillingTranslation';
import { apiRefusal } from '../payments/apiRefusal';
import { paymentReturnPath } from '../payments/cardFormKind';

/** PayPal's save button: its own chunk, loaded only when the deployment configured PayPal. */
const PayPalVaultButtons = lazy(() => import('./PayPalVaultButtons'));

const useStyles = makeStyles({
  surface: { width: 'min(480px, calc(100vw - 24px))', maxWidth: '100%', boxSizing: 'border-box' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  // PayPal's iframe takes its container's width
  buttons: { width: '100%', minWidth: 0, minHeight: '48px' },
  note: { color: tokens.colorNeutralForeground3 },
});

/**
 * Connect PayPal with real PayPal (Vault v3): PayPal's button asks our api for a setup token
 * (`startPayPalVaultSetup`), the buyer logs in to PayPal and agrees, and the approved token is
 * saved (`completePayPalVaultSetup`) as the workspace's PayPal method with the payer's e-mail.
 * Canceled or failed: said in the dialog, nothing saved, the button tries again.
 */
export function ConnectPayPalDialog({
  contractUid,
  clientId,
  hasMethods,
  onClose,
  onConnected,
}: {
  contractUid: string;
  clientId: string;
  hasMethods: boolean;
  onClose: () => void;
  onConnected: (method: PaymentMethodFieldsFragment) => void;
}) {
  const styles = useStyles();
  const { t, i18n } = useBillingTranslation();
  const [, startSetup] = useMutation(StartPayPalVaultSetupDocument);
  const [, completeSetup] = useMutation(CompletePayPalVaultSetupDocument);
  const [makeDefault, setMakeDefault] = useState(false);
  const [problem, setProblem] = useState<{ intent: 'info' | 'error'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  /** Our refusal when `createVaultSetupToken` failed (PayPal then calls onError). */
  const refusal = useRef<string | null>(null);

  const createVaultSetupToken = async () => {
    setProblem(null);
    refusal.current = null;
    const result = await startSetup(
      { contractUid, returnUrl: paymentReturnPath(contractUid, 'payment-methods') },
      { portalNotify: false },
    );
    const setup = result.data?.startPayPalVaultSetup;
    if (!setup) {
      refusal.current = result.error ? apiRefusal(result.error).message : t('paymentMethods.paypalFailed');
      throw new Error(refusal.current);
    }
    return setup.setupTokenId;
  };

  const onApprove = async (setupTokenId: string) => {
    setSaving(true);
    const result = await completeSetup(
      { contractUid, setupTokenId, makeDefault: makeDefault || !hasMethods },
      { portalNotify: false },
    );
    setSaving(false);
    const method = result.data?.completePayPalVaultSetup;
    if (method) onConnected(method);
    else
      setProblem({
        intent: 'error',
        text: result.error ? apiRefusal(result.error).message : t('paymentMethods.paypalFailed'),
      });
  };

  return (
    <Dialog open onOpenChange={(_event, data) => !data.open && data.type !== 'backdropClick' && onClose()}>
      <DialogSurface className={styles.surface} aria-label={t('paymentMethods.connectPayPalTitle')}>
        <DialogBody>
          <DialogTitle>{t('paymentMethods.connectPayPalTitle')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{t('paymentMethods.connectPayPalText')}</Body1>
            <Checkbox
              checked={makeDefault || !hasMethods}
              disabled={!hasMethods || saving}
              onChange={(_event, data) => setMakeDefault(!!data.checked)}
              label={hasMethods ? t('paymentMethods.makePayPalDefault') : t('paymentMethods.firstIsDefault')}
            />
            {problem && (
              <MessageBar intent={problem.intent} role={problem.intent === 'error' ? 'alert' : 'status'}>
                <MessageBarBody>{problem.text}</MessageBarBody>
              </MessageBar>
            )}
            {saving ? (
              <Spinner size="small" label={t('paymentMethods.paypalSaving')} />
            ) : (
              <Suspense fallback={<Spinner size="tiny" label={t('payments.review.paypalLoading')} />}>
                <div className={styles.buttons} data-testid="paypal-vault-buttons">
                  <PayPalVaultButtons
                    clientId={clientId}
                    locale={i18n.language === 'de' ? 'de_DE' : 'en_US'}
                    createVaultSetupToken={createVaultSetupToken}
                    onApprove={onApprove}
                    onCancel={() => setProblem({ intent: 'info', text: t('paymentMethods.paypalCanceled') })}
                    onError={() =>
                      setProblem({
                        intent: 'error',
                        text: refusal.current ?? t('paymentMethods.paypalFailed'),
                      })
                    }
                  />
                </div>
              </Suspense>
            )}
            <Body1 className={styles.note}>{t('paymentMethods.connectPayPalNote')}</Body1>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose} disabled={saving}>
              {t('paymentMethods.cancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
