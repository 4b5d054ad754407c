import { Button, Tooltip } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import { useComputeTranslation } from '../i18n/useComputeTranslation';

/** Copies a value through the portal (which confirms it with a toast). */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { copy } = usePortal();
  const { t } = useComputeTranslation();
  const label = t('network.copy', { what });
  return (
    <Tooltip content={label} relationship="label" withArrow>
      <Button size="small" appearance="subtle" icon={<CopyRegular />} onClick={() => void copy(value)} />
    </Tooltip>
  );
}
