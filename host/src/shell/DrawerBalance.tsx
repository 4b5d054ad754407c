import { Caption1, makeStyles, mergeClasses, Subtitle2, tokens } from '@fluentui/react-components';
import { displayedBalance, formatMoney, usePortal } from '@portal/shared';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    paddingInline: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
  },
  negative: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The current workspace's credit balance (spec sections 2 and 4): a negative amount shows minus
 * the amount due, otherwise the amount; with the currency symbol. Live: the workspace list is kept
 * subscribed, so a balance event re-renders it.
 */
export function DrawerBalance() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const { workspace } = usePortal();
  if (!workspace) return null;
  const value = displayedBalance(workspace.balance);
  const text = formatMoney(value, workspace.balance.currency);
  if (!text) return null;
  return (
    <section className={styles.root} aria-label={t('balance.label')}>
      <Caption1>{t('balance.label')}</Caption1>
      <Subtitle2 className={mergeClasses(value < 0 && styles.negative)}>{text}</Subtitle2>
    </section>
  );
}
