import { Body1, Button, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // a card in the corner, not a modal: the visitor can use the page before deciding (nothing
  // optional runs until then), and it keeps clear of the Cookie Policy button (bottom-left)
  banner: {
    position: 'fixed',
    insetInlineEnd: tokens.spacingHorizontalL,
    bottom: tokens.spacingVerticalL,
    zIndex: 1000,
    maxWidth: 'min(440px, calc(100vw - 2 * 16px))',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

/** First-visit notice: shown until the visitor decides, with Reject as easy as Accept. */
export function CookieBanner({
  onAcceptAll,
  onRejectOptional,
  onCustomise,
}: {
  onAcceptAll: () => void;
  onRejectOptional: () => void;
  onCustomise: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <section className={styles.banner} aria-label={t('cookies.bannerLabel')}>
      <Body1>{t('cookies.bannerText')}</Body1>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={onAcceptAll}>
          {t('cookies.acceptAll')}
        </Button>
        <Button appearance="primary" onClick={onRejectOptional}>
          {t('cookies.rejectOptional')}
        </Button>
        <Button appearance="subtle" onClick={onCustomise}>
          {t('cookies.customise')}
        </Button>
      </div>
    </section>
  );
}
