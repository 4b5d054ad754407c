import { Hamburger, makeStyles, Subtitle2, Title3, tokens } from '@fluentui/react-components';
import { BREAKPOINTS } from '@portal/shared';
import { useTranslation } from 'react-i18next';
import { SupportButton } from './SupportButton';
import { UserMenu } from './UserMenu';

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
    // The bar is a brand surface: Fluent's transparent buttons (and menu buttons while their menu
    // is open) colour their text with brand tokens, invisible here. Redefine those tokens for the
    // bar only; its menus render in portals outside it and keep the theme's own.
    '--colorNeutralForeground2': tokens.colorNeutralForegroundOnBrand,
    '--colorNeutralForeground2BrandHover': tokens.colorNeutralForegroundOnBrand,
    '--colorNeutralForeground2BrandPressed': tokens.colorNeutralForegroundOnBrand,
    '--colorNeutralForeground2BrandSelected': tokens.colorNeutralForegroundOnBrand,
    '--colorTransparentBackgroundHover': tokens.colorBrandBackgroundHover,
    '--colorTransparentBackgroundPressed': tokens.colorBrandBackgroundPressed,
    '--colorTransparentBackgroundSelected': tokens.colorBrandBackgroundSelected,
    [phone]: { gap: tokens.spacingHorizontalXS, paddingInline: tokens.spacingHorizontalXS },
  },
  // beside the drawer toggle on phones, the page's title stands in for the brand
  brand: { whiteSpace: 'nowrap', [phone]: { display: 'none' } },
  title: {
    minWidth: 0,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    marginInlineStart: tokens.spacingHorizontalL,
    [phone]: { marginInlineStart: 0 },
  },
  end: {
    marginInlineStart: 'auto',
    flexShrink: 0,
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
  },
});

/**
 * The app bar: drawer toggle, the portal's name, the page's title, Support with unread count,
 * account. On phones (below sm) the page's title stands in for the portal's name and the account
 * menu shows its icon only, so the bar fits 360 px.
 */
export function AppBar({
  title,
  drawer,
}: {
  title?: string | undefined;
  /** the drawer it toggles (the sign-in pages have `BrandBar` instead) */
  drawer: { open: boolean; onToggle: () => void };
}) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <header className={styles.bar}>
      <Hamburger
        aria-label={drawer.open ? t('nav.close') : t('nav.open')}
        aria-expanded={drawer.open}
        onClick={drawer.onToggle}
      />
      <Title3 as="span" className={styles.brand}>
        {t('appName')}
      </Title3>
      {title ? (
        <Subtitle2 as="span" className={styles.title}>
          {title}
        </Subtitle2>
      ) : null}
      <div className={styles.end}>
        <SupportButton />
        <UserMenu />
      </div>
    </header>
  );
}
