import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from '@fluentui/react-components';
import { type ReactNode, useState } from 'react';
import { useAuthTranslation } from '../i18n/useAuthTranslation';

/**
 * The spec's confirmation dialog (section 8: title 'Confirm?', buttons Cancel and Confirm,
 * persistent, at most 510px wide, Confirm shows progress while the action runs). The portal
 * contract has no `confirm` yet; when it gains one, this gives way to it.
 */
export function ConfirmDialog({
  open,
  text,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  text: ReactNode;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useAuthTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_e, data) => !data.open && !busy && onCancel()}>
      <DialogSurface style={{ maxWidth: 510 }}>
        <DialogBody>
          <DialogTitle>{t('common.confirmTitle')}</DialogTitle>
          <DialogContent>{text}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button
              appearance="primary"
              onClick={confirm}
              disabled={busy}
              icon={busy ? <Spinner size="tiny" /> : undefined}
            >
              {t('common.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
