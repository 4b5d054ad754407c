import {
  Button,
  Menu,
  MenuButton,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Person20Regular, PersonCircle24Regular, SignOut20Regular } from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { loginWithRedirect } from '../guard/guard';

const useStyles = makeStyles({
  onBrand: { color: tokens.colorNeutralForegroundOnBrand },
});

/**
 * The app bar's account corner: signed in, a menu with who is signed in and Sign out; signed out,
 * Sign in (back to this page afterwards).
 */
export function UserMenu() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const { session, identity, navigate, notify } = usePortal();
  const location = useLocation();

  if (!session.isAuthenticated) {
    const to = loginWithRedirect(location.pathname + location.search);
    const signIn = (event: MouseEvent) => {
      event.preventDefault();
      navigate(to);
    };
    return (
      <Button as="a" href={to} appearance="transparent" className={styles.onBrand} onClick={signIn}>
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
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          appearance="transparent"
          className={styles.onBrand}
          icon={<PersonCircle24Regular />}
          aria-label={t('userMenu.label', { name })}
        >
          {name}
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
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
