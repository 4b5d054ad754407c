import { makeStyles, ProgressBar } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // over everything, so it shows the same on every layout and moves nothing
  bar: { position: 'fixed', insetBlockStart: 0, insetInline: 0, zIndex: 1000 },
});

/** The thin indeterminate bar at the top of the page while a navigation or a remote page loads. */
export function PageProgressBar({ active }: { active: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  if (!active) return null;
  return <ProgressBar className={styles.bar} thickness="medium" shape="square" aria-label={t('progress')} />;
}
