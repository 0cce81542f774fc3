import type { Post } from '@pinhole/contracts';
import { Heart } from 'lucide-react';
import { useSignInPrompt } from '@/lib/auth/sign-in-prompt';
import { useAuth } from '@/lib/auth/use-auth';
import { useToggleLike } from '@/features/post/api/toggle-like';

/**
 * The heart. Signed out it looks the same and asks to sign in when tapped, as Instagram's does:
 * greyed out with a hover tooltip, it said nothing on a phone, which has no hover.
 */
export function LikeButton({ post }: { post: Post }) {
  const signedIn = useAuth().user !== null;
  const promptSignIn = useSignInPrompt();
  const { mutate: toggleLike } = useToggleLike();
  const liked = post.liked_by_me;
  return (
    <button
      type="button"
      aria-label="Like"
      aria-pressed={liked}
      onClick={() => (signedIn ? toggleLike({ postId: post.id, liked: !liked }) : promptSignIn())}
      className="rounded-full p-2 transition-transform hover:text-muted active:scale-90"
    >
      <Heart
        aria-hidden
        data-liked={liked || undefined}
        className={`size-6 ${liked ? 'fill-like text-like' : 'text-neutral-900'}`}
      />
    </button>
  );
}

/**
 * What a double tap on the photo does: like, never unlike (Instagram's rule), and nothing for a
 * reader who is signed out (the heart button asks them to sign in).
 */
export function useLikeOnDoubleTap(post: Post): (() => void) | undefined {
  const signedIn = useAuth().user !== null;
  const { mutate: toggleLike } = useToggleLike();
  if (!signedIn) return undefined;
  return () => {
    if (!post.liked_by_me) toggleLike({ postId: post.id, liked: true });
  };
}
