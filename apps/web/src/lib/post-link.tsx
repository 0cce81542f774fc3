import type { CSSProperties, ReactNode } from 'react';
import { paths } from '@/config/paths';
import { OverlayLink } from './overlay-link';

interface PostLinkProps {
  postId: string;
  children: ReactNode;
  className?: string;
  style?: CSSProperties;
}

/** A link to `/p/:id`: on wide screens the post opens as a dialog over the current page. */
export function PostLink({ postId, ...props }: PostLinkProps) {
  return <OverlayLink to={paths.post.to(postId)} {...props} />;
}
