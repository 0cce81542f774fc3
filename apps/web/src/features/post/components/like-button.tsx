import type { Post } from '@pinhole/contracts';
import { Heart } from 'lucide-react';
import { useAuth } from '@/lib/auth/use-auth';
import { useToggleLike } from '@/features/post/api/toggle-like';

export function LikeButton({ post }: { post: Post }) {
  const signedIn = useAuth().user !== null;
  const { mutate: toggleLike } = useToggleLike();
  const liked = post.liked_by_me;
  return (
    <button
      type="button"
      aria-label="Like"
      aria-pressed={liked}
      disabled={!signedIn}
      title={signedIn ? undefined : 'Sign in to like posts'}
      onClick={() => toggleLike({ postId: post.id, liked: !liked })}
      className="rounded-full p-2 transition-transform hover:text-muted active:scale-90 disabled:cursor-not-allowed disabled:opacity-60"
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
 * reader who is signed out (the heart button says why).
 */
export function useLikeOnDoubleTap(post: Post): (() => void) | undefined {
  const signedIn = useAuth().user !== null;
  const { mutate: toggleLike } = useToggleLike();
  if (!signedIn) return undefined;
  return () => {
    if (!post.liked_by_me) toggleLike({ postId: post.id, liked: true });
  };
}
