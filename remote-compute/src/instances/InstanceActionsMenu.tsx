import {
  Button,
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  DeleteRegular,
  MoreHorizontalRegular,
  PlayRegular,
  StopRegular,
  WindowConsoleRegular,
} from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import { consolePath } from '../console/consolePath';
import type { InstanceAction } from '../gql/graphql';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import type { InstanceRow } from './instanceList';
import { useInstanceAction } from './useInstanceAction';

export const ACTIONS: readonly InstanceAction[] = ['START', 'STOP', 'RESTART', 'DELETE'];
const ICONS = {
  START: <PlayRegular />,
  STOP: <StopRegular />,
  RESTART: <ArrowClockwiseRegular />,
  DELETE: <DeleteRegular />,
};

/** Start, Stop, Restart, Delete: each enabled only when the api lists it in `allowedActions`. */
export function InstanceActionsMenu({
  instance,
}: {
  instance: Pick<InstanceRow, 'uid' | 'contractUid' | 'name' | 'allowedActions'>;
}) {
  const { t } = useComputeTranslation();
  const run = useInstanceAction();
  const { navigate } = usePortal();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-label={t('actions.menu', { name: instance.name })}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {ACTIONS.map((action) => (
            <MenuItem
              key={action}
              icon={ICONS[action]}
              disabled={!instance.allowedActions.includes(action)}
              onClick={() => void run(instance, action)}
            >
              {t(`action.${action}`)}
            </MenuItem>
          ))}
          <MenuDivider />
          <MenuItem icon={<WindowConsoleRegular />} onClick={() => navigate(consolePath(instance.uid))}>
            {t('console.launch')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
