import { Camera } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { useProfilePosts } from '@/features/profile/api/get-profile-posts';
import { EmptyState } from '@/components/ui/empty-state';
import { PostsGrid } from '@/components/ui/posts-grid';

export function ProfilePostsGrid({ profileId, own }: { profileId: string; own: boolean }) {
  const { data, isPending, hasNextPage, isFetchingNextPage, fetchNextPage } =
    useProfilePosts(profileId);
  const posts = useMemo(() => data?.pages.flatMap((page) => page.posts) ?? [], [data]);
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
      <EmptyState
        icon={Camera}
        title="No Posts Yet"
        text={own ? "When you share photos, they'll appear on your profile." : undefined}
      />
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
