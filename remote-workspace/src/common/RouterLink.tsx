import { Link } from '@fluentui/react-components';
import type { MouseEvent, ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/** A Fluent link that navigates inside the portal (a real href, so it opens in a new tab too). */
export function RouterLink({ to, children }: { to: string; children: ReactNode }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link href={href} onClick={(event) => handleClick(event as MouseEvent<HTMLAnchorElement>)}>
      {children}
    </Link>
  );
}
