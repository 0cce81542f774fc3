import { useDocumentTitle } from '@/lib/document-title';
import { pageTitle } from '@/lib/page-titles';
import { SuggestedPeople } from '@/features/suggestions/components/suggested-people';

/** `/explore/people`: the sidebar's See All, Instagram's "Suggested" page. */
export function ExplorePeopleRoute() {
  useDocumentTitle(pageTitle('Discover people'));
  return (
    <div className="mx-auto flex w-full max-w-[600px] flex-col gap-4 px-4 pt-4 pb-10 sm:pt-10">
      <h1 className="text-base font-semibold">Suggested</h1>
      <SuggestedPeople />
    </div>
  );
}

// What the router's lazy import takes (see router.tsx).
export default ExplorePeopleRoute;
