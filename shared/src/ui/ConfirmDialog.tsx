import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
} from '@fluentui/react-components';
import { type ReactNode, useMemo } from 'react';
import { sanitizeHtml } from './sanitizeHtml';
import { useSharedTexts } from './useSharedTexts';

/** What a confirmation asks (spec section 8); every text has a default. */
export interface ConfirmOptions {
  /** default 'Confirm?' */
  title?: string;
  /** HTML, rendered after sanitising with DOMPurify */
  text?: string;
  /** default 'Confirm' */
  confirmText?: string;
  /** default 'Cancel' */
  cancelText?: string;
  hideConfirm?: boolean;
  hideCancel?: boolean;
  confirmDisabled?: boolean;
}

export interface ConfirmDialogProps extends ConfirmOptions {
  open: boolean;
  /** an action runs: the confirm button shows a spinner, and neither button can be pressed */
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** more content below the text, such as a form field */
  children?: ReactNode;
}

const useStyles = makeStyles({
  surface: { maxWidth: '510px' },
  text: { overflowWrap: 'anywhere' },
});

/**
 * The confirmation dialog of spec section 8. Persistent: an alert dialog that neither a click
 * outside nor Escape closes; only its buttons do.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmText,
  cancelText,
  hideConfirm = false,
  hideCancel = false,
  confirmDisabled = false,
  loading = false,
  onConfirm,
  onCancel,
  children,
}: ConfirmDialogProps) {
  const styles = useStyles();
  const { t } = useSharedTexts();
  const html = useMemo(() => sanitizeHtml(text), [text]);
  return (
    // onOpenChange is left out on purpose: Escape and outside clicks must not close it
    <Dialog open={open} modalType="alert">
      <DialogSurface className={styles.surface} aria-busy={loading || undefined}>
        <DialogBody>
          <DialogTitle>{title ?? t('confirm.title')}</DialogTitle>
          {(html || children) && (
            <DialogContent>
              {html && (
                // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (sanitizeHtml)
                <div className={styles.text} dangerouslySetInnerHTML={{ __html: html }} />
              )}
              {children}
            </DialogContent>
          )}
          {!(hideCancel && hideConfirm) && (
            <DialogActions>
              {!hideCancel && (
                <Button appearance="secondary" disabled={loading} onClick={onCancel}>
                  {cancelText ?? t('confirm.cancel')}
                </Button>
              )}
              {!hideConfirm && (
                <Button
                  appearance="primary"
                  disabledFocusable={loading}
                  disabled={confirmDisabled && !loading}
                  icon={loading ? <Spinner size="tiny" aria-label={t('confirm.working')} /> : undefined}
                  onClick={loading ? undefined : onConfirm}
                >
                  {confirmText ?? t('confirm.confirm')}
                </Button>
              )}
            </DialogActions>
          )}
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
