import { Badge, Caption1, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useComputeTranslation } from '../i18n/useComputeTranslation';
import type { InstanceRow } from './instanceList';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    alignItems: 'flex-start',
  },
  pending: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

const COLOURS = { ACTIVE: 'success', INACTIVE: 'informative', INSTALLING: 'warning' } as const;

/** The status chip (spec section 4), the action under way and why the last one failed. */
export function InstanceStatus({
  instance,
}: {
  instance: Pick<InstanceRow, 'status' | 'pendingAction' | 'lastError'> &
    Partial<Pick<InstanceRow, 'resizingTo'>>;
}) {
  const styles = useStyles();
  const { t } = useComputeTranslation();
  return (
    <div className={styles.root}>
      <Badge appearance="tint" color={COLOURS[instance.status]}>
        {t(`status.${instance.status}`)}
      </Badge>
      {instance.pendingAction && (
        <Caption1 className={styles.pending}>
          <Spinner size="extra-tiny" aria-hidden="true" />
          {t(`pending.${instance.pendingAction}`)}
        </Caption1>
      )}
      {instance.resizingTo && (
        <Caption1 className={styles.pending}>
          <Spinner size="extra-tiny" aria-hidden="true" />
          {t('lifecycle.pendingResize', { plan: instance.resizingTo.name })}
        </Caption1>
      )}
      {instance.lastError && (
        <Caption1 className={styles.error}>
          {t('instances.lastError', { message: instance.lastError })}
        </Caption1>
      )}
    </div>
  );
}
