import { NavDrawer, NavDrawerBody, NavItem } from '@fluentui/react-components';
import {
  BoxMultiple24Regular,
  Home24Regular,
  Person24Regular,
  PuzzlePiece24Regular,
  QuestionCircle24Regular,
} from '@fluentui/react-icons';
import type { MouseEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

interface Item {
  value: string;
  to: string;
  label: string;
  icon: ReactElement;
}

/**
 * Navigation drawer. Workspace-scoped items (Dashboard, Billing, Settings) and the balance join
 * when workspaces exist (issue "GraphQL core, workspaces and the shell's chrome").
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
  const items: Item[] = [
    { value: 'home', to: '/', label: t('nav.home'), icon: <Home24Regular /> },
    { value: 'support', to: '/support', label: t('nav.support'), icon: <QuestionCircle24Regular /> },
    { value: 'products', to: '/products', label: t('nav.products'), icon: <BoxMultiple24Regular /> },
    { value: 'solutions', to: '/solutions', label: t('nav.solutions'), icon: <PuzzlePiece24Regular /> },
    { value: 'profile', to: '/profile', label: t('nav.profile'), icon: <Person24Regular /> },
  ];
  const selected = items.find((i) =>
    i.to === '/' ? location.pathname === '/' : location.pathname.startsWith(i.to),
  );
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
      selectedValue={selected?.value ?? ''}
      aria-label={t('nav.label')}
    >
      <NavDrawerBody>
        {items.map((item) => (
          <NavItem key={item.value} value={item.value} href={item.to} icon={item.icon} onClick={go(item.to)}>
            {item.label}
          </NavItem>
        ))}
      </NavDrawerBody>
    </NavDrawer>
  );
}
