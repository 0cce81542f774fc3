import type { ComponentProps } from 'react';
import { LatePart } from '@/app/late-parts';
import { CommentsSection } from '@/features/comments/components/comments-section';
import type { StoriesStrip } from '@/features/stories/components/stories-strip';
import { StoriesRoom } from './stories-room';
import { SuggestionsSidebar } from '@/features/suggestions/components/suggestions-sidebar';

// The server's home-parts.tsx: the same boundaries, each part drawn at once (the stories' room),
// so the browser finds exactly the markup it hydrates (each late part's mark too).

export function HomeComments(props: ComponentProps<typeof CommentsSection>) {
  return (
    <LatePart fallback={null}>
      <CommentsSection {...props} />
    </LatePart>
  );
}

/** The browser draws the strip once it has loaded; until then both draw its room. */
export function HomeStories(_props: ComponentProps<typeof StoriesStrip>) {
  return <StoriesRoom />;
}

export function HomeSidebar() {
  return (
    <LatePart fallback={null}>
      <SuggestionsSidebar />
    </LatePart>
  );
}
