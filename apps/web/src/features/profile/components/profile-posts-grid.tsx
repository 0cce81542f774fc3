import { Camera } from 'lucide-react';
import { useProfilePosts } from '@/features/profile/api/get-profile-posts';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedPostsGrid } from '@/components/ui/paged-posts-grid';

export function ProfilePostsGrid({ profileId, own }: { profileId: string; own: boolean }) {
  return (
    <PagedPostsGrid
      query={useProfilePosts(profileId)}
      empty={
        <EmptyState
          icon={Camera}
          title="No Posts Yet"
          text={own ? "When you share photos, they'll appear on your profile." : undefined}
        />
      }
    />
  );
}
