import { Suspense, type ComponentProps } from 'react';
import { CommentsSection } from '@/features/comments/components/comments-section';
import type { StoriesStrip } from '@/features/stories/components/stories-strip';
import { StoriesRoom } from './stories-room';
import { SuggestionsSidebar } from '@/features/suggestions/components/suggestions-sidebar';

// The server's home-parts.tsx: the same boundaries, each part drawn at once (the stories' room),
// so the browser finds exactly the markup it hydrates.

export function HomeComments(props: ComponentProps<typeof CommentsSection>) {
  return (
    <Suspense fallback={null}>
      <CommentsSection {...props} />
    </Suspense>
  );
}

/** The browser draws the strip once it has loaded; until then both draw its room. */
export function HomeStories(_props: ComponentProps<typeof StoriesStrip>) {
  return <StoriesRoom />;
}

export function HomeSidebar() {
  return (
    <Suspense fallback={null}>
      <SuggestionsSidebar />
    </Suspense>
  );
}
