import { limits, type FeedKind, type Post } from '@pinhole/contracts';
import { memo, useCallback, useMemo, type ReactNode } from 'react';
import { useFeed } from '@/features/feed/api/get-feed';
import { useProgressiveCount } from '@/features/feed/hooks/use-progressive-count';
import { FeedSkeleton } from './feed-skeleton';
import { LoadMore } from '@/components/ui/load-more';

interface FeedProps {
  /** Draws one post; the app layer supplies the post card (features do not import each other). */
  renderPost: (post: Post, index: number) => ReactNode;
  /** Which feed (signed out, always `everyone`). */
  kind: FeedKind;
  /** Drawn under the empty feed's text: people to follow (the app composes them). */
  whenEmpty?: ReactNode;
  /**
   * In place of the spec's "Follow some users or create your first post to get started!": a
   * visitor, signed out, can do neither yet.
   */
  emptyText?: ReactNode;
}

interface FeedItemProps {
  post: Post;
  index: number;
  render: FeedProps['renderPost'];
}

/**
 * Posts are drawn a few at a time; without this, each step would draw every earlier post again.
 * A post redraws when its data (a like, a comment count) or its place changes.
 */
const FeedItem = memo(function FeedItem({ post, index, render }: FeedItemProps) {
  return render(post, index);
});

export function Feed({ renderPost, kind, whenEmpty, emptyText }: FeedProps) {
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useFeed(kind);

  // A post can move across a page boundary between two requests; show it once.
  const posts = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? [])
      .flatMap((page) => page.posts)
      .filter((post) => !seen.has(post.id) && Boolean(seen.add(post.id)));
  }, [data]);

  // The first paint waits for everything it draws, and the largest paint is the first photo:
  // draw the first few posts, then the rest a few at a time as the reader scrolls towards them
  // (on a phone, twenty posts held the first photo back by seconds). Below the fold, so nothing
  // on screen moves.
  const { count: shownCount, showMore } = useProgressiveCount(
    posts.length,
    limits.feedFirstPaintCount,
  );

  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  if (isPending) {
    return (
      <div role="status" aria-label="Loading posts" className="flex flex-col gap-4">
        {Array.from({ length: limits.feedSkeletonCount }, (_, index) => (
          <FeedSkeleton key={index} />
        ))}
      </div>
    );
  }

  if (posts.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-16 text-center">
        <h2 className="text-xl font-semibold">No posts yet</h2>
        {emptyText ?? (
          <p className="text-sm text-muted">
            Follow some users or create your first post to get started!
          </p>
        )}
        {whenEmpty && <div className="mt-6 w-full">{whenEmpty}</div>}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4 sm:gap-6">
      {posts.slice(0, shownCount).map((post, index) => (
        <FeedItem key={post.id} post={post} index={index} render={renderPost} />
      ))}
      {shownCount < posts.length ? (
        // Already loaded, not drawn yet: drawn as the reader nears them (a short margin, so the
        // first screen does not draw its next posts straight away).
        <LoadMore loading={false} onLoadMore={showMore} reach="300px" />
      ) : hasNextPage ? (
        <LoadMore loading={isFetchingNextPage} onLoadMore={loadMore} />
      ) : (
        // The last page is drawn: say so, rather than leave the reader wondering whether more
        // is on its way.
        <p className="flex flex-col items-center gap-0.5 border-t border-line px-6 pt-6 pb-10 text-center">
          <span className="font-semibold">You&apos;re all caught up</span>
          <span className="text-sm text-muted">You&apos;ve seen every post in this feed.</span>
        </p>
      )}
    </div>
  );
}
