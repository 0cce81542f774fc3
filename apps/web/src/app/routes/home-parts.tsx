import { lazy, type ComponentProps } from 'react';
import type { CommentsSection as LoadedComments } from '@/features/comments/components/comments-section';
import type { StoriesStrip as LoadedStories } from '@/features/stories/components/stories-strip';
import { LatePart } from '@/app/late-parts';

// Parts of the home that hydrate a moment after the rest, each from a chunk of its own fetched
// as the app starts: the stories, each post's comments (preview, form, menu) and the sidebar.
// The first script keeps its budget (e2e/12-production-build). The page is marked ready only
// once they have hydrated (late-parts.tsx). The server draws them at once:
// its build swaps in home-parts.server.tsx (vite.config.ts), since renderToString cannot wait
// for a lazy part and would leave its boundary for the browser to draw (React error 419).
const CommentsSection = lazy(() =>
  import('@/features/comments/components/comments-section').then((module) => ({
    default: module.CommentsSection,
  })),
);
const StoriesStrip = lazy(() =>
  import('@/features/stories/components/stories-strip').then((module) => ({
    default: module.StoriesStrip,
  })),
);
const SuggestionsSidebar = lazy(() =>
  import('@/features/suggestions/components/suggestions-sidebar').then((module) => ({
    default: module.SuggestionsSidebar,
  })),
);

/** A post's comments, inside the boundary that lets them hydrate on their own. */
export function HomeComments(props: ComponentProps<typeof LoadedComments>) {
  return (
    <LatePart fallback={null}>
      <CommentsSection {...props} />
    </LatePart>
  );
}

/**
 * The stories strip. Drawn by the browser alone (a page the server did not draw), its room is
 * kept while its code loads, so the feed below does not move when it comes.
 */
export function HomeStories(props: ComponentProps<typeof LoadedStories>) {
  return (
    <LatePart fallback={<div aria-hidden className="min-h-[104px] sm:min-h-[106px]" />}>
      <StoriesStrip {...props} />
    </LatePart>
  );
}

/** The sidebar: the reader, suggestions and the footer. */
export function HomeSidebar() {
  return (
    <LatePart fallback={null}>
      <SuggestionsSidebar />
    </LatePart>
  );
}
