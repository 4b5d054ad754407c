import { Hamburger, makeStyles, Subtitle2, Title3, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SupportButton } from './SupportButton';
import { UserMenu } from './UserMenu';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    height: '56px',
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
  },
  hamburger: { color: tokens.colorNeutralForegroundOnBrand },
  title: { marginInlineStart: tokens.spacingHorizontalL },
  end: { marginInlineStart: 'auto', display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

/** The app bar: drawer toggle, the portal's name, the page's title, Support with unread count, account. */
export function AppBar({
  title,
  drawerOpen,
  onToggleDrawer,
}: {
  title?: string | undefined;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  return (
    <header className={styles.bar}>
      <Hamburger
        className={styles.hamburger}
        aria-label={drawerOpen ? t('nav.close') : t('nav.open')}
        aria-expanded={drawerOpen}
        onClick={onToggleDrawer}
      />
      <Title3 as="span">{t('appName')}</Title3>
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
