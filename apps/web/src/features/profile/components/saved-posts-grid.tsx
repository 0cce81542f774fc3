import { Bookmark } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useSavedPosts } from '@/features/profile/api/get-saved-posts';
import { EmptyState } from '@/components/ui/empty-state';
import { PostsGrid } from '@/components/ui/posts-grid';

/** The SAVED tab of the reader's own profile. */
export function SavedPostsGrid() {
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } = useSavedPosts();
  // A post unsaved elsewhere (its bookmark in a dialog over this tab) leaves at once.
  const posts = useMemo(
    () => data?.pages.flatMap((page) => page.posts).filter((post) => post.saved_by_me) ?? [],
    [data],
  );
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

  if (posts.length === 0) {
    return (
      <EmptyState icon={Bookmark} title="No Saved Posts" text="Save posts you want to see again." />
    );
  }

  return (
    <PostsGrid
      posts={posts}
      hasNextPage={hasNextPage}
      loadingMore={isFetchingNextPage}
      onLoadMore={loadMore}
    />
  );
}
