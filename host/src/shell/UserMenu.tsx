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
} from '@fluentui/react-components';
import { Person20Regular, PersonCircle24Regular, SignOut20Regular } from '@fluentui/react-icons';
import { BREAKPOINTS, usePortal } from '@portal/shared';
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
  return (
    <Menu>
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
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
