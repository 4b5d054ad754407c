import { Body1, makeStyles, Subtitle1, tokens, useId } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalXL}`,
    maxWidth: '560px',
    marginInline: 'auto',
  },
  media: {
    display: 'flex',
    color: tokens.colorBrandForeground1,
    fontSize: '48px',
  },
  text: { color: tokens.colorNeutralForeground2 },
  action: { marginTop: tokens.spacingVerticalS },
});

export interface EmptyStateProps {
  /** an icon (sized by the 48px font size) or an illustration; decorative */
  media?: ReactNode;
  /** already translated */
  title: string;
  /** already translated; what the user can do next */
  text?: ReactNode;
  /** usually one primary button or link */
  action?: ReactNode;
  /** the heading level of the title within its page; default 2 */
  headingLevel?: 1 | 2 | 3;
}

/** What a page shows when there is nothing yet: "no instance deployed", the Welcome of Home. */
export function EmptyState({ media, title, text, action, headingLevel = 2 }: EmptyStateProps) {
  const styles = useStyles();
  const titleId = useId('empty-state-title');
  return (
    <section className={styles.root} aria-labelledby={titleId}>
      {media && (
        <div className={styles.media} aria-hidden="true">
          {media}
        </div>
      )}
      <Subtitle1 as={`h${headingLevel}`} id={titleId}>
        {title}
      </Subtitle1>
      {text && (
        <Body1 as="p" className={styles.text}>
          {text}
        </Body1>
      )}
      {action && <div className={styles.action}>{action}</div>}
    </section>
  );
}
