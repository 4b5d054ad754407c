import { Body1, Card, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM, minWidth: 0 },
  head: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  text: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    minWidth: 0,
    flex: '1 1 240px',
  },
  description: { color: tokens.colorNeutralForeground3 },
});

/** One titled card of a settings page (title, a line of explanation, an action on the right). */
export function Section({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Card className={styles.card} aria-label={title} role="region">
      <div className={styles.head}>
        <div className={styles.text}>
          <Subtitle2 as="h2">{title}</Subtitle2>
          {description ? <Body1 className={styles.description}>{description}</Body1> : null}
        </div>
        {action}
      </div>
      {children}
    </Card>
  );
}
