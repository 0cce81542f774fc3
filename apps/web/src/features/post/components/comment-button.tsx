import { pagePaths } from '@pinhole/contracts';
import { MessageCircle } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { opensAsDialog } from '@/lib/overlay-link';
import { overlayState, usePageLocation } from '@/lib/overlay-location';

interface CommentButtonProps {
  postId: string;
  /** On the post's own page or dialog, which has every comment: there is nowhere else to go. */
  onItsPage?: boolean;
}

/**
 * Instagram's speech bubble between the heart and the paper plane: it takes the reader to the
 * comment box under the post (its form belongs to the comments feature, found in the same
 * article by `data-comment-box`). Where there is none, it opens the post with all its comments
 * (in the feed, signed out) or asks to sign in (on the post itself).
 */
export function CommentButton({ postId, onItsPage = false }: CommentButtonProps) {
  const navigate = useNavigate();
  const page = usePageLocation();
  const promptSignIn = useSignInPrompt();
  const comment = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget
      .closest('article')
      ?.querySelector<HTMLElement>('[data-comment-box]');
    if (box) return box.focus();
    if (onItsPage) return promptSignIn();
    const to = pagePaths.post.to(postId);
    if (opensAsDialog()) void navigate(to, { state: overlayState(page) });
    else void navigate(to);
  };
  return (
    <button
      type="button"
      aria-label="Comment"
      onClick={comment}
      className="rounded-full p-2 transition-transform hover:text-muted active:scale-90"
    >
      <MessageCircle aria-hidden className="size-6 -scale-x-100 text-neutral-900" />
    </button>
  );
}
