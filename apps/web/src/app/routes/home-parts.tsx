import { lazy, type ComponentProps } from 'react';
import { AfterStart } from '@/lib/after-start';
import { StoriesRoom } from './stories-room';
import type { CommentsSection as LoadedComments } from '@/features/comments/components/comments-section';
import type { StoriesStrip as LoadedStories } from '@/features/stories/components/stories-strip';
import { LatePart } from '@/app/late-parts';

// Parts of the home that hydrate a moment after the rest, each from a chunk of its own fetched
// as the app starts: each post's comments (preview, form, menu) and the sidebar.
// The first script keeps its budget (e2e/12-production-build). The page is marked ready only
// once they have hydrated (late-parts.tsx). The server draws them at once:
// its build swaps in home-parts.server.tsx (vite.config.ts), since renderToString cannot wait
// for a lazy part and would leave its boundary for the browser to draw (React error 419).
const CommentsSection = lazy(() =>
  import('@/features/comments/components/comments-section').then((module) => ({
    default: module.CommentsSection,
  })),
);
const loadStories = () =>
  import('@/features/stories/components/stories-strip').then((module) => module.StoriesStrip);
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
 * The stories strip, drawn by the browser alone once its code has come: it has nothing to read
 * before the app starts (others' trays come from a request, Your story is a button), and drawn
 * by the server its hydration met trays the posts' story rings had fetched meanwhile (React
 * #418). Its room is kept meanwhile (`StoriesRoom`, which the server draws), so nothing moves.
 */
export function HomeStories(props: ComponentProps<typeof LoadedStories>) {
  return <AfterStart load={loadStories} props={props} fallback={<StoriesRoom />} what="stories" />;
}

/** The sidebar: the reader, suggestions and the footer. */
export function HomeSidebar() {
  return (
    <LatePart fallback={null}>
      <SuggestionsSidebar />
    </LatePart>
  );
}
