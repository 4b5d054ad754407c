import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { KeyRegular } from '@fluentui/react-icons';
import { useComputeTranslation } from '../i18n/useComputeTranslation';

const useStyles = makeStyles({
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  key: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  fingerprint: {
    color: tokens.colorNeutralForeground3,
    fontFamily: tokens.fontFamilyMonospace,
    overflowWrap: 'anywhere',
  },
});

/** Overview: the SSH keys the instance was deployed (or last rebuilt) with (a `dt`/`dd` pair of its list). */
export function InstanceSshKeys({
  keys,
}: {
  keys: ReadonlyArray<{ name: string; fingerprint: string; type: string }>;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  return (
    <>
      <dt className={styles.term}>{t('sshKeys.overview')}</dt>
      <dd className={styles.value}>
        {keys.length === 0
          ? t('sshKeys.overviewNone')
          : keys.map((key) => (
              <span key={key.fingerprint} className={styles.key}>
                <KeyRegular aria-hidden="true" />
                {key.name}
                <Caption1 className={styles.fingerprint}>
                  {key.type} · {key.fingerprint}
                </Caption1>
              </span>
            ))}
      </dd>
    </>
  );
}
