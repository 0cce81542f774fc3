import { useDocumentTitle } from '@/lib/document-title';
import { homeTitle } from '@/lib/page-titles';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { Feed } from '@/features/feed/components/feed';
import { PostCard } from '@/features/post/components/post-card';
import { StoriesStrip } from '@/features/stories/components/stories-strip';
import { SuggestionsSidebar } from '@/features/suggestions/components/suggestions-sidebar';

export function HomeRoute() {
  useDocumentTitle(homeTitle);
  return (
    <div className="mx-auto flex w-full max-w-[935px] justify-center gap-16 sm:pt-6">
      <div className="flex w-full max-w-[470px] min-w-0 flex-col gap-4 sm:gap-6">
        <h1 className="sr-only">Home</h1>
        <StoriesStrip />
        <Feed
          renderPost={(post, index) => (
            <PostCard
              post={post}
              priority={index === 0}
              renderComments={(time) => <CommentsSection post={post} beforeForm={time} />}
            />
          )}
        />
      </div>
      <aside aria-label="Suggestions" className="hidden w-[320px] shrink-0 lg:block">
        <div className="sticky top-[84px]">
          <SuggestionsSidebar />
        </div>
      </aside>
    </div>
  );
}
