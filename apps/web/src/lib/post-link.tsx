import { pagePaths } from '@pinhole/contracts';
import type { CSSProperties, ReactNode } from 'react';
import { OverlayLink } from './overlay-link';

interface PostLinkProps {
  postId: string;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/** A link to `/p/:id`: on wide screens the post opens as a dialog over the current page. */
export function PostLink({ postId, ...props }: PostLinkProps) {
  return <OverlayLink to={pagePaths.post.to(postId)} {...props} />;
}
