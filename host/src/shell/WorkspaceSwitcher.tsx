import {
  Avatar,
  Menu,
  MenuButton,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { usePortal } from '@portal/shared';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  button: { width: '100%', justifyContent: 'flex-start', minWidth: 0 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  logo: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '24px',
    height: '24px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground6,
    color: tokens.colorNeutralForeground3,
    fontSize: tokens.fontSizeBase100,
    fontWeight: tokens.fontWeightSemibold,
    '::before': { content: 'attr(data-logo)' },
  },
});

/**
 * The drawer's workspace switcher: the current workspace's logo (its first 2 characters) and name;
 * the menu lists the user's workspaces (sorted by account name) and switches with `setWorkspace`.
 */
export function WorkspaceSwitcher() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const { workspace, workspaces, setWorkspace } = usePortal();
  if (!workspace) return null;
  return (
    <Menu
      checkedValues={{ workspace: [workspace.contractUid] }}
      onCheckedValueChange={(_, data) => {
        const uid = data.checkedItems[0];
        if (uid && uid !== workspace.contractUid) setWorkspace(uid);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          appearance="subtle"
          className={styles.button}
          // The logo is decoration beside the name: its letters are drawn by CSS, so that what the
          // button shows as text (the name) is exactly what its accessible name contains.
          icon={<span aria-hidden className={styles.logo} data-logo={workspace.logo} />}
          aria-label={t('workspaces.switch', { name: workspace.workspaceName })}
        >
          <span className={styles.name}>{workspace.workspaceName}</span>
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList aria-label={t('workspaces.label')}>
          {workspaces.map((w) => (
            <MenuItemRadio
              key={w.contractUid}
              name="workspace"
              value={w.contractUid}
              icon={<Avatar name={w.workspaceName} initials={w.logo} shape="square" size={20} />}
            >
              {w.workspaceName}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
