import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { overlayState, usePageLocation } from './overlay-location';

/**
 * From this width on (Tailwind's `md`), a post or a list of followers opens as a dialog over the
 * page, as on Instagram.
 */
export const overlayMinWidth = 768;

export function opensAsDialog(): boolean {
  return window.matchMedia?.(`(min-width: ${overlayMinWidth}px)`).matches ?? false;
}

interface OverlayLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/**
 * A link to a page that wide screens show as a dialog over the current one. A plain click there
 * changes the address (so Back closes it and a reload shows the full page) but keeps drawing the
 * page underneath; on phones, and for a click that asks for a new tab, it is an ordinary link.
 */
export function OverlayLink({ to, children, className, style }: OverlayLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const page = usePageLocation();

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const plain =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plain || !opensAsDialog()) return;
    event.preventDefault();
    // From one open dialog to another (a link inside it): replace, so one Back closes it.
    void navigate(to, { state: overlayState(page), replace: page !== location });
  };

  return (
    <Link to={to} onClick={onClick} className={className} style={style}>
      {children}
    </Link>
  );
}
