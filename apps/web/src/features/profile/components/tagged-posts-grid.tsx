import { SquareUser } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedPostsGrid } from '@/components/ui/paged-posts-grid';
import { useTaggedPosts } from '@/features/profile/api/get-tagged-posts';

/** The TAGGED tab: posts by others whose caption mentions this person. */
export function TaggedPostsGrid({ profileId, own }: { profileId: string; own: boolean }) {
  const query = useTaggedPosts(profileId);
  return (
    <PagedPostsGrid
      query={query}
      empty={
        <EmptyState
          icon={SquareUser}
          title="No Tagged Posts"
          // Someone else's profile is not "you": the title alone, as on Instagram.
          text={own ? "When people tag you in photos, they'll appear here." : undefined}
        />
      }
    />
  );
}
