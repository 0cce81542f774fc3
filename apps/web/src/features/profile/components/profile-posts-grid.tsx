import { Camera } from 'lucide-react';
import { useProfilePosts } from '@/features/profile/api/get-profile-posts';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedPostsGrid } from '@/components/ui/paged-posts-grid';

interface ProfilePostsGridProps {
  profileId: string;
  own: boolean;
  /** Someone of another server: only what reached this server is here, not all they posted. */
  remote?: boolean;
}

export function ProfilePostsGrid({ profileId, own, remote = false }: ProfilePostsGridProps) {
  return (
    <PagedPostsGrid
      query={useProfilePosts(profileId)}
      empty={
        <EmptyState
          icon={Camera}
          title="No Posts Yet"
          text={
            own
              ? "When you share photos, they'll appear on your profile."
              : remote
                ? 'Older posts from their server may not be shown here yet.'
                : undefined
          }
        />
      }
    />
  );
}
