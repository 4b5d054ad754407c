import { Card, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { type ReactNode, useId } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXXXL} ${tokens.spacingHorizontalL}`,
  },
  card: {
    width: '100%',
    maxWidth: '460px',
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
