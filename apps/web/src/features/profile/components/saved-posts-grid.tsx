import type { Post } from '@pinhole/contracts';
import { Bookmark } from 'lucide-react';
import { useSavedPosts } from '@/features/profile/api/get-saved-posts';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedPostsGrid } from '@/components/ui/paged-posts-grid';

// A post unsaved elsewhere (its bookmark in a dialog over this tab) leaves at once.
const stillSaved = (post: Post) => post.saved_by_me;

/** The SAVED tab of the reader's own profile. */
export function SavedPostsGrid() {
  return (
    <PagedPostsGrid
      query={useSavedPosts()}
      keep={stillSaved}
      empty={
        <EmptyState
          icon={Bookmark}
          title="No Saved Posts"
          text="Save posts you want to see again."
        />
      }
    />
  );
}
