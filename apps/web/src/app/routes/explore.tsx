import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import { ExploreGrid } from '@/features/explore/components/explore-grid';
import { SearchBox } from '@/features/search/components/search-box';

/** `/explore`: the grid of posts people are enjoying now; on phones, the search box above it. */
export function ExploreRoute() {
  useDocumentTitle(pageTitle('Explore'));
  return (
    <div className="mx-auto w-full max-w-[935px] pb-10 sm:px-5 sm:pt-6">
      <h1 className="sr-only">Explore</h1>
      {/* Wide screens search from the header (which leaves this page's box to phones). */}
      <SearchBox className="px-3 py-2 sm:hidden" />
      <ExploreGrid />
    </div>
  );
}

// What the router's lazy import takes (see router.tsx).
export default ExploreRoute;
