import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { overlayState, usePageLocation } from './overlay-location';

/** From this width on (Tailwind's `md`), a post opens as a dialog over the page, as on Instagram. */
export const postDialogMinWidth = 768;

export function opensAsDialog(): boolean {
  return window.matchMedia?.(`(min-width: ${postDialogMinWidth}px)`).matches ?? false;
}

interface PostLinkProps {
  postId: string;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/**
 * A link to `/p/:id`. On wide screens a plain click opens the post as a dialog over the current
 * page, with the address changed so Back closes it and a reload shows the full page; on phones,
 * and for a click that asks for a new tab, it is an ordinary link.
 */
export function PostLink({ postId, children, className, style }: PostLinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const page = usePageLocation();
  const to = paths.post.to(postId);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const plain =
      event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!plain || !opensAsDialog()) return;
    event.preventDefault();
    // From one open post to another (a link inside the dialog): replace, so one Back closes it.
    void navigate(to, { state: overlayState(page), replace: page !== location });
  };

  return (
    <Link to={to} onClick={onClick} className={className} style={style}>
      {children}
    </Link>
  );
}
