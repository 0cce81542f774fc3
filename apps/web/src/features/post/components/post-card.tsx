import type { Post } from '@pinhole/contracts';
import { Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { useAuth } from '@/lib/auth/use-auth';
import { useClock } from '@/lib/clock';
import { formatDateTime } from '@/lib/format';
import { likesLabel } from '@/lib/likes-label';
import { timeLabel } from '@/lib/time-label';
import { useToggleLike } from '@/features/post/api/toggle-like';
import { PostImage } from './post-image';

interface PostCardProps {
  post: Post;
  /** True for the first post on screen. */
  priority?: boolean;
  /**
   * Draws the comments; the app layer supplies them. Receives the time label, which the spec
   * places between the comments preview and the comment form.
   */
  renderComments?: (time: ReactNode) => ReactNode;
}

export function PostCard({ post, priority = false, renderComments }: PostCardProps) {
  const signedIn = useAuth().user !== null;
  const clock = useClock();
  const { mutate: toggleLike } = useToggleLike();
  const likes = likesLabel(post.likes_count);
  const liked = post.liked_by_me;
  const createdAt = new Date(post.created_at);

  const time = (
    <time
      dateTime={post.created_at}
      // The server's HTML was drawn with the server's clock, perhaps cached for a minute.
      suppressHydrationWarning
      // The full date is a hover tooltip, written when the pointer arrives: formatting it for
      // every post cost the first screen main-thread time, and the server's locale may differ.
      onPointerEnter={(event) => {
        if (!Number.isNaN(createdAt.getTime()))
          event.currentTarget.title = formatDateTime(createdAt);
      }}
      className="text-xs text-muted"
    >
      {timeLabel(post.created_at, clock.now())}
    </time>
  );

  return (
    <article
      aria-label={`Post by ${post.author.username}`}
      className="border-b border-line bg-white pb-3 sm:rounded-lg sm:border"
    >
      <header className="flex items-center gap-3 px-3 py-2.5">
        <Avatar name={post.author.username} src={post.author.avatar_url} size={32} />
        <span className="flex min-w-0 items-center gap-1">
          <span className="truncate text-sm font-semibold">{post.author.username}</span>
          {post.author.is_verified && <VerifiedBadge />}
        </span>
      </header>
      <PostImage post={post} priority={priority} />
      <div className="flex flex-col gap-1.5 px-3 pt-1.5">
        <div className="-ml-2 flex items-center">
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
        </div>
        {likes && <p className="text-sm font-semibold">{likes}</p>}
        {post.caption && (
          <p className="text-sm break-words whitespace-pre-line">
            <span className="font-semibold">{post.author.username}</span> {post.caption}
          </p>
        )}
        {renderComments ? renderComments(time) : time}
      </div>
    </article>
  );
}
