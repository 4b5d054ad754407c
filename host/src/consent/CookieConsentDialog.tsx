import {
  Body1,
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Switch,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPT_ALL, type ConsentChoice, REJECT_OPTIONAL } from './consentStore';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  category: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  description: { color: tokens.colorNeutralForeground3, paddingInlineStart: tokens.spacingHorizontalXXXL },
});

type Category = keyof ConsentChoice | 'necessary';

/**
 * The consent dialog: necessary storage always on; analytics and marketing off until the visitor
 * switches them on (or accepts all). Reject optional is as easy to reach as Accept all.
 */
export function CookieConsentDialog({
  open,
  choice,
  onDecide,
  onClose,
}: {
  open: boolean;
  /** the choice in force, the starting point of the switches; null: nothing decided yet */
  choice: ConsentChoice | null;
  onDecide: (choice: ConsentChoice) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <ConsentSurface open={open} choice={choice ?? REJECT_OPTIONAL} onDecide={onDecide} onClose={onClose} />
    </Dialog>
  );
}

function ConsentSurface({
  open,
  choice,
  onDecide,
  onClose,
}: {
  open: boolean;
  choice: ConsentChoice;
  onDecide: (choice: ConsentChoice) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const [draft, setDraft] = useState<ConsentChoice>(choice);
  // each opening starts from the choice in force, not from switches left unsaved last time
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setDraft(choice);
  }

  const row = (category: Category, checked: boolean, onChange?: (checked: boolean) => void) => (
    <div className={styles.category}>
      <Switch
        label={t(`cookies.${category}`)}
        checked={checked}
        disabled={!onChange}
        onChange={(_event, data) => onChange?.(data.checked)}
        aria-describedby={`cookie-${category}-description`}
      />
      <Caption1 id={`cookie-${category}-description`} className={styles.description}>
        {t(`cookies.${category}Description`)}
      </Caption1>
    </div>
  );

  return (
    <DialogSurface aria-describedby="cookie-consent-intro">
      <DialogBody>
        <DialogTitle
          action={
            <Button
              appearance="subtle"
              aria-label={t('cookies.close')}
              icon={<Dismiss24Regular />}
              onClick={onClose}
            />
          }
        >
          {t('cookies.dialogTitle')}
        </DialogTitle>
        <DialogContent className={styles.content}>
          <Body1 id="cookie-consent-intro">{t('cookies.intro')}</Body1>
          {row('necessary', true)}
          {row('analytics', draft.analytics, (analytics) => setDraft({ ...draft, analytics }))}
          {row('marketing', draft.marketing, (marketing) => setDraft({ ...draft, marketing }))}
        </DialogContent>
        <DialogActions fluid>
          <Button onClick={() => onDecide(REJECT_OPTIONAL)}>{t('cookies.rejectOptional')}</Button>
          <Button onClick={() => onDecide(ACCEPT_ALL)}>{t('cookies.acceptAll')}</Button>
          <Button appearance="primary" onClick={() => onDecide(draft)}>
            {t('cookies.save')}
          </Button>
        </DialogActions>
      </DialogBody>
    </DialogSurface>
  );
}
