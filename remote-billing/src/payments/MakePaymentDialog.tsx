import { Dialog, DialogBody, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useBillingTranslation } from '../i18n/useBillingTranslation';

/**
 * Make a Payment (issue 11). A placeholder with its final props: the payments work replaces this
 * file (selected invoices, the whole amount due or a top-up; card or PayPal).
 */
export function MakePaymentDialog(props: {
  contractUid: string;
  selectedInvoiceUids: string[];
  open: boolean;
  onClose: () => void;
  onPaid?: () => void;
}) {
  const { t } = useBillingTranslation();
  return (
    <Dialog open={props.open} onOpenChange={(_event, data) => !data.open && props.onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('page.makePayment')}</DialogTitle>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
