import type { ComponentProps } from 'react';
import { LatePart } from '@/app/late-parts';
import { CommentsSection } from '@/features/comments/components/comments-section';
import { StoriesStrip } from '@/features/stories/components/stories-strip';
import { SuggestionsSidebar } from '@/features/suggestions/components/suggestions-sidebar';

// The server's home-parts.tsx: the same boundaries, each part drawn at once, so the browser finds
// exactly the markup it hydrates (each part's mark too).

export function HomeComments(props: ComponentProps<typeof CommentsSection>) {
  return (
    <LatePart fallback={null}>
      <CommentsSection {...props} />
    </LatePart>
  );
}

export function HomeStories(props: ComponentProps<typeof StoriesStrip>) {
  return (
    <LatePart fallback={null}>
      <StoriesStrip {...props} />
    </LatePart>
  );
}

export function HomeSidebar() {
  return (
    <LatePart fallback={null}>
      <SuggestionsSidebar />
    </LatePart>
  );
}
