import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { Cookies20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // bottom-left: clear of the toaster (top-end) and of the first-visit notice (bottom-right)
  button: {
    position: 'fixed',
    insetInlineStart: tokens.spacingHorizontalM,
    bottom: tokens.spacingVerticalM,
    zIndex: 1000,
    boxShadow: tokens.shadow8,
  },
});

export function CookiePolicyButton({ onClick }: { onClick: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <Button className={styles.button} size="small" icon={<Cookies20Regular />} onClick={onClick}>
      {t('cookies.button')}
    </Button>
  );
}
