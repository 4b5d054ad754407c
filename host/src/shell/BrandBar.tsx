import { makeStyles, Subtitle2, Title3, tokens } from '@fluentui/react-components';
import { BREAKPOINTS } from '@portal/shared';
import { useTranslation } from 'react-i18next';

const phone = `@media (max-width: ${BREAKPOINTS.sm - 0.02}px)`;

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    height: '56px',
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    [phone]: { gap: tokens.spacingHorizontalXS, paddingInline: tokens.spacingHorizontalXS },
  },
  brand: { whiteSpace: 'nowrap', paddingInlineStart: tokens.spacingHorizontalS },
  title: {
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    marginInlineStart: tokens.spacingHorizontalL,
    [phone]: { display: 'none' },
  },
});

/**
 * The minimal frame's bar: the portal's name and the page's title (hidden on phones), nothing
 * else. The sign-in pages and the start-up skeleton show it; the app bar with drawer toggle,
 * Support and account menu is a lazy chunk (`chrome.tsx`) that a visitor signing in never loads.
 */
export function BrandBar({ title }: { title?: string | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <header className={styles.bar}>
      <Title3 as="span" className={styles.brand}>
        {t('appName')}
      </Title3>
      {title ? (
        <Subtitle2 as="span" className={styles.title}>
          {title}
        </Subtitle2>
      ) : null}
    </header>
  );
}
