import { Body1, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingVerticalXXL,
  },
});

/** The plain state of a page whose own issue is not done yet. */
export function NotBuiltYet({ page }: { page: string }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <section className={styles.root} aria-labelledby="not-built-yet-title">
      <Subtitle1 as="h1" id="not-built-yet-title">
        {t('notBuiltYet.title', { page })}
      </Subtitle1>
      <Body1>{t('notBuiltYet.body')}</Body1>
    </section>
  );
}
