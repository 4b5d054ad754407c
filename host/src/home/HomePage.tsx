import { Body1, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** Home: the welcome screen (title Welcome). What to do next joins with workspaces. */
export function HomePage() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <section className={styles.root}>
      <Title2 as="h1">{t('home.title')}</Title2>
      <Body1>{t('home.body')}</Body1>
    </section>
  );
}
