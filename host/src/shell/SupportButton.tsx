import { Button, CounterBadge, makeStyles } from '@fluentui/react-components';
import { Mail24Regular } from '@fluentui/react-icons';
import { usePortal } from '@portal/shared';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  // Fluent's button clips its content; the badge overhangs the envelope's upper corner
  button: { overflow: 'visible' },
  icon: { position: 'relative', display: 'inline-flex' },
  badge: { position: 'absolute', top: '-6px', insetInlineEnd: '-8px' },
  dot: { position: 'absolute', top: '-2px', insetInlineEnd: '-3px' },
});

/**
 * The app bar's way to Support with the current workspace's unread messages as a badge (none
 * without a workspace or unread messages). When that workspace has none but answers to the user's
 * own messages are unread (`me.env.unreadDirectMessages`: every one of them is counted in its
 * workspace, so they are in another), a dot says so (its meaning in the tooltip and the button's
 * accessible description; the name stays 'Support'). Both follow live: `workspaceChanged` and
 * `meChanged` write into the cache. Signed in only: Support needs a user.
 */
export function SupportButton() {
  const styles = useStyles();
  const { t } = useTranslation('shell');
  const { session, workspace, me, navigate } = usePortal();
  if (!session.isAuthenticated) return null;
  const unread = workspace?.unreadMessages ?? 0;
  const elsewhere = unread === 0 && (me?.env.unreadDirectMessages ?? 0) > 0;
  const open = (event: MouseEvent) => {
    event.preventDefault();
    navigate('/support');
  };
  return (
    <Button
      as="a"
      href="/support"
      appearance="transparent"
      className={styles.button}
      icon={
        <span className={styles.icon}>
          <Mail24Regular />
          {unread > 0 ? (
            <CounterBadge
              className={styles.badge}
              count={unread}
              overflowCount={99}
              size="small"
              color="danger"
              aria-hidden
            />
          ) : elsewhere ? (
            <CounterBadge className={styles.dot} dot size="small" color="danger" aria-hidden />
          ) : null}
        </span>
      }
      aria-label={unread > 0 ? t('appBar.supportUnread', { count: unread }) : t('appBar.support')}
      // the dot's meaning: a tooltip, and the button's description for screen readers
      title={elsewhere ? t('appBar.supportUnreadElsewhere') : undefined}
      onClick={open}
    />
  );
}
