import { Card, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { type ReactNode, useId } from 'react';

const useStyles = makeStyles({
  // The section fills the width it is given (in the host's centring flex row it would otherwise
  // shrink to its content, and the card would change width with each tab or message); the card is
  // 460 px wide, or narrower when the screen is.
  root: {
    display: 'flex',
    justifyContent: 'center',
    width: '100%',
    minWidth: 0,
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
    '@media (max-width: 599px)': { paddingInline: 0 },
  },
  card: {
    width: '100%',
    maxWidth: '460px',
    minWidth: 0,
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalXXL,
    gap: tokens.spacingVerticalL,
  },
});

/** The frame of every auth screen: one centred card with the screen's heading. */
export function AuthCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  const styles = useStyles();
  const headingId = useId();
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Card className={styles.card}>
        <Title2 as="h1" id={headingId}>
          {title}
        </Title2>
        {children}
      </Card>
    </section>
  );
}
