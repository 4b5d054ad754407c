import { NavDrawer, NavDrawerBody, NavDrawerHeader, NavItem } from '@fluentui/react-components';
import {
  Board24Regular,
  BookQuestionMark24Regular,
  BoxMultiple24Regular,
  Home24Regular,
  Money24Regular,
  Person24Regular,
  Pulse24Regular,
  PuzzlePiece24Regular,
  QuestionCircle24Regular,
  Settings24Regular,
} from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import type { MouseEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { matchPortalRoute } from '../routes/routeTable';
import { DrawerBalance } from './DrawerBalance';
import { type DrawerItemKey, drawerItems, drawerKeyOfRoute } from './drawerItems';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

const ICONS: Record<DrawerItemKey, ReactElement> = {
  home: <Home24Regular />,
  dashboard: <Board24Regular />,
  billing: <Money24Regular />,
  status: <Pulse24Regular />,
  support: <QuestionCircle24Regular />,
  products: <BoxMultiple24Regular />,
  solutions: <PuzzlePiece24Regular />,
  howTo: <BookQuestionMark24Regular />,
  profile: <Person24Regular />,
  settings: <Settings24Regular />,
};

/**
 * Navigation drawer: the workspace switcher and the credit balance on top, then the items the
 * current workspace allows (`drawerItems`). Inline on desktop, an overlay on mobile (below lg),
 * where choosing an item closes it.
 */
export function NavigationDrawer({
  open,
  mobile,
  onClose,
}: {
  open: boolean;
  mobile: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const { session, workspace, featureFlags, runtimeConfig } = usePortal();
  const items = drawerItems({
    signedIn: session.isAuthenticated,
    workspace,
    featureFlags,
    documentationUrl: runtimeConfig.documentationUrl,
  });
  const selected = drawerKeyOfRoute(matchPortalRoute(location.pathname)?.route.name);
  const go = (to: string) => (event: MouseEvent) => {
    event.preventDefault();
    navigate(to);
    if (mobile) onClose();
  };
  return (
    <NavDrawer
      open={open}
      type={mobile ? 'overlay' : 'inline'}
      onOpenChange={(_, data) => (data.open ? undefined : onClose())}
      selectedValue={selected ?? ''}
      aria-label={t('nav.label')}
    >
      {workspace ? (
        <NavDrawerHeader>
          <WorkspaceSwitcher />
          <DrawerBalance />
        </NavDrawerHeader>
      ) : null}
      <NavDrawerBody>
        {items.map((item) =>
          item.external ? (
            <NavItem
              key={item.key}
              value={item.key}
              href={item.to}
              target="_blank"
              rel="noopener noreferrer"
              icon={ICONS[item.key]}
            >
              {t(`nav.${item.key}`)}
            </NavItem>
          ) : (
            <NavItem
              key={item.key}
              value={item.key}
              href={item.to}
              icon={ICONS[item.key]}
              onClick={go(item.to)}
            >
              {t(`nav.${item.key}`)}
            </NavItem>
          ),
        )}
      </NavDrawerBody>
    </NavDrawer>
  );
}
