import type { Post, PostPage } from '@pinhole/contracts';
import { useCallback, useMemo, type ReactNode } from 'react';
import { LoadError } from './load-error';
import type { PagedQuery } from './paged-list';
import { PostsGrid } from './posts-grid';

/** What a grid needs of an infinite query of post pages (`useInfiniteQuery`'s result). */
export type PostPagesQuery = PagedQuery<PostPage>;

interface PagedPostsGridProps {
  query: PostPagesQuery;
  /** Drawn when there are no posts. */
  empty: ReactNode;
  /**
   * A failed first page: said, with a retry (explore, a hashtag), or only logged and drawn as
   * empty, as the spec has a profile's tabs do.
   */
  showError?: boolean;
  /** Which of the posts read are drawn (all of them unless said). */
  keep?: (post: Post) => boolean;
}

/** A paged grid of posts (explore, a hashtag, a profile's tabs): loading, empty, tiles. */
export function PagedPostsGrid({ query, empty, showError = false, keep }: PagedPostsGridProps) {
  const { data, error, isPending, isFetching, hasNextPage, isFetchingNextPage } = query;
  const { fetchNextPage, refetch } = query;
  const posts = useMemo(() => {
    const all = data?.pages.flatMap((page) => page.posts) ?? [];
    return keep ? all.filter(keep) : all;
  }, [data, keep]);
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);

  if (isPending) {
    return (
      <p role="status" className="py-12 text-center text-sm text-muted">
        Loading posts...
      </p>
    );
  }
  if (showError && error && !data) {
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  if (posts.length === 0) return empty;
  return (
    <PostsGrid
      posts={posts}
      hasNextPage={hasNextPage}
      loadingMore={isFetchingNextPage}
      onLoadMore={loadMore}
    />
  );
}
