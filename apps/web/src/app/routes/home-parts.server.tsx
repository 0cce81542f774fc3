import { Suspense, type ComponentProps } from 'react';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { StoriesStrip } from '@/features/stories/components/stories-strip';
import { SuggestionsSidebar } from '@/features/suggestions/components/suggestions-sidebar';

// The server's home-parts.tsx: the same boundaries, each part drawn at once, so the browser finds
// exactly the markup it hydrates.

export function HomeComments(props: ComponentProps<typeof CommentsSection>) {
  return (
    <Suspense fallback={null}>
      <CommentsSection {...props} />
    </Suspense>
  );
}

export function HomeStories(props: ComponentProps<typeof StoriesStrip>) {
  return (
    <Suspense fallback={null}>
      <StoriesStrip {...props} />
    </Suspense>
  );
}

export function HomeSidebar() {
  return (
    <Suspense fallback={null}>
      <SuggestionsSidebar />
    </Suspense>
  );
}
