import { makeStyles, tokens } from '@fluentui/react-components';
import type { FormEventHandler, ReactNode } from 'react';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

/** A vertical stack of form rows. */
export function Stack({ children }: { children: ReactNode }) {
  return <div className={useStyles().stack}>{children}</div>;
}

/** A horizontal row of buttons or links. */
export function Row({ children }: { children: ReactNode }) {
  return <div className={useStyles().row}>{children}</div>;
}

/** A form laid out as a stack; validation is ours, so the browser's is off. */
export function StackForm({
  children,
  onSubmit,
  label,
}: {
  children: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  label?: string;
}) {
  return (
    <form className={useStyles().stack} onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
    </form>
  );
}
