import { Hash } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PagedPostsGrid } from '@/components/ui/paged-posts-grid';
import { postsCountLabel } from '@/lib/format';
import { useHashtagPosts } from '@/features/explore/api/get-hashtag-posts';

/**
 * `/explore/tags/:tag`: the tag, how many posts carry it, and their grid, newest first. A tag
 * nobody used is not an error: 0 posts.
 */
export function HashtagPosts({ name }: { name: string }) {
  const query = useHashtagPosts(name);
  const postsCount = query.data?.pages[0]?.hashtag.posts_count;
  return (
    <>
      <header className="flex items-center gap-4 px-4 pb-6 sm:gap-8 sm:px-0 sm:pb-10">
        <span className="flex size-20 shrink-0 items-center justify-center rounded-full bg-neutral-100 sm:size-36">
          <Hash aria-hidden className="size-8 sm:size-14" strokeWidth={1.5} />
        </span>
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-xl break-words sm:text-3xl">#{name}</h1>
          {postsCount !== undefined && (
            <p className="text-sm font-semibold">{postsCountLabel(postsCount)}</p>
          )}
        </div>
      </header>
      <PagedPostsGrid
        query={query}
        showError
        empty={<EmptyState icon={Hash} title="No Posts Yet" />}
      />
    </>
  );
}
