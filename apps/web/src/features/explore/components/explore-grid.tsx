import { Compass } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedPostsGrid } from '@/components/ui/paged-posts-grid';
import { useExplorePosts } from '@/features/explore/api/get-explore-posts';

/** `/explore`: posts people are liking and commenting on now, for anyone, paged. */
export function ExploreGrid() {
  const query = useExplorePosts();
  return (
    <PagedPostsGrid
      query={query}
      showError
      empty={<EmptyState icon={Compass} title="No Posts Yet" />}
    />
  );
}
