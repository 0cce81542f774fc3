import type { Comment } from '@pinhole/contracts';

/** What a comment's "…" menu offers; shared by the button and the menu its chunk brings. */
export interface CommentMenuProps {
  comment: Comment;
  /** Its author, or the post's author, may delete it. */
  canDelete: boolean;
  /** Someone else's comment, on the post's own page or dialog. */
  canReport: boolean;
  onDeleted?: (commentId: string) => void;
}

export const commentMenuTrigger =
  'ml-1 inline-flex translate-y-0.5 rounded-full px-1 text-muted hover:text-neutral-900 data-[state=open]:text-neutral-900';
