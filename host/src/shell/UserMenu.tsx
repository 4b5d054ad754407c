import {
  Button,
  Menu,
  MenuButton,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  type MenuProps,
  MenuTrigger,
  makeStyles,
} from '@fluentui/react-components';
import { Person20Regular, PersonCircle24Regular, SignOut20Regular } from '@fluentui/react-icons';
import {
  BREAKPOINTS,
  COLOR_SCHEME_PREFERENCES,
  type ColorSchemePreference,
  isLanguage,
  LANGUAGE_NAMES,
  LANGUAGES,
  languageOf,
  setLanguage,
  useColorScheme,
  usePortal,
} from '@portal/shared';
import { saveLanguage } from '@portal/shared/graphql';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { loginWithRedirect } from '../guard/guard';

const useStyles = makeStyles({
  // phones: the icon only (the accessible name still says who is signed in)
  name: {
    [`@media (max-width: ${BREAKPOINTS.sm - 0.02}px)`]: { display: 'none' },
    maxWidth: '24ch',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
});

/**
 * The app bar's account corner: signed in, a menu with who is signed in, Profile, Sign out and the
 * appearance (System / Light / Dark, remembered in this browser) and the language (remembered in this
 * browser and saved on the account); signed out,
 * Sign in (back to this page afterwards).
 */
export function UserMenu() {
  const styles = useStyles();
  const { t, i18n } = useTranslation('shell');
  const { session, identity, navigate, notify, graphql } = usePortal();
  const location = useLocation();
  const colorScheme = useColorScheme();

  if (!session.isAuthenticated) {
    const to = loginWithRedirect(location.pathname + location.search);
    const signIn = (event: MouseEvent) => {
      event.preventDefault();
      navigate(to);
    };
    return (
      <Button as="a" href={to} appearance="transparent" onClick={signIn}>
        {t('userMenu.signIn')}
      </Button>
    );
  }

  const user = session.auth?.data?.user;
  const name = user?.display || user?.email || user?.username || t('userMenu.fallbackName');
  const signOut = async () => {
    // The host moves to Login when the auth-change event arrives; only a failed call needs words.
    const answer = await identity.logout();
    if (answer.status === 0)
      notify({ type: 'error', message: answer.errors?.[0]?.message ?? t('userMenu.signOutFailed') });
  };
  const checked = { colorScheme: [colorScheme.preference], language: [languageOf(i18n.language) ?? 'en'] };
  const onChecked: MenuProps['onCheckedValueChange'] = (_event, { name, checkedItems }) => {
    const [value] = checkedItems;
    if (name === 'colorScheme' && COLOR_SCHEME_PREFERENCES.includes(value as ColorSchemePreference))
      colorScheme.setPreference(value as ColorSchemePreference);
    if (name === 'language' && isLanguage(value)) {
      // the page switches at once and this browser remembers it; the account keeps it for every
      // device (a failure to save is shown by the GraphQL client's error handling)
      void setLanguage(i18n, value);
      void saveLanguage(graphql, value);
    }
  };
  return (
    <Menu checkedValues={checked} onCheckedValueChange={onChecked}>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          appearance="transparent"
          icon={<PersonCircle24Regular />}
          aria-label={t('userMenu.label', { name })}
        >
          <span className={styles.name}>{name}</span>
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{t('userMenu.signedInAs', { name: user?.email || name })}</MenuGroupHeader>
            <MenuItem icon={<Person20Regular />} onClick={() => navigate('/profile')}>
              {t('userMenu.profile')}
            </MenuItem>
            <MenuItem icon={<SignOut20Regular />} onClick={() => void signOut()}>
              {t('userMenu.signOut')}
            </MenuItem>
          </MenuGroup>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{t('userMenu.appearance')}</MenuGroupHeader>
            {COLOR_SCHEME_PREFERENCES.map((value) => (
              <MenuItemRadio key={value} name="colorScheme" value={value}>
                {t(`userMenu.colorScheme.${value}`)}
              </MenuItemRadio>
            ))}
          </MenuGroup>
          <MenuDivider />
          <MenuGroup>
            <MenuGroupHeader>{t('userMenu.language')}</MenuGroupHeader>
            {LANGUAGES.map((language) => (
              // each language named in itself, so it can be found whatever the page speaks
              <MenuItemRadio key={language} name="language" value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </MenuItemRadio>
            ))}
          </MenuGroup>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
