// Part of `@portal/shared/ui` (uiEntry.ts): root things come through the package name.
import { Button, makeStyles, Tooltip, type TooltipProps } from '@fluentui/react-components';
import { InfoRegular } from '@fluentui/react-icons';
import { useSharedTexts } from '@portal/shared';
import type { ReactNode } from 'react';

/** Spec section 9: the information tooltip opens after 200 ms and is at most 30% of the window wide. */
export const INFO_TOOLTIP_SHOW_DELAY_MS = 200;
export const INFO_TOOLTIP_MAX_WIDTH = '30vw';

const useStyles = makeStyles({
  content: { maxWidth: INFO_TOOLTIP_MAX_WIDTH },
});

export interface InfoTooltipProps {
  /** what the tooltip explains */
  content: ReactNode;
  /** accessible name of the icon button; default 'More information' */
  label?: string;
  positioning?: TooltipProps['positioning'];
}

/** An information icon that explains the field or figure beside it in a tooltip. */
export function InfoTooltip({ content, label, positioning = 'above' }: InfoTooltipProps) {
  const styles = useStyles();
  const { t } = useSharedTexts();
  return (
    <Tooltip
      content={{ children: content, className: styles.content }}
      relationship="description"
      showDelay={INFO_TOOLTIP_SHOW_DELAY_MS}
      positioning={positioning}
      withArrow
    >
      <Button
        appearance="transparent"
        size="small"
        icon={<InfoRegular />}
        aria-label={label ?? t('infoTooltip.label')}
      />
    </Tooltip>
  );
}
