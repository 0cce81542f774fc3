import { useMemo } from 'react';
import { PagedList } from '@/components/ui/paged-list';
import { useSuggestionPages } from '@/features/suggestions/api/get-suggestion-pages';
import { SuggestionRow } from './suggestion-row';

/** `/explore/people`: everyone suggested, with name and reason, a page at a time. */
export function SuggestedPeople() {
  const query = useSuggestionPages();
  const { data } = query;
  // The ranking is built anew when a follow changes it, so a later page may repeat someone.
  const people = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? [])
      .flatMap((page) => page.profiles)
      .filter((person) => !seen.has(person.id) && Boolean(seen.add(person.id)));
  }, [data]);

  return (
    <PagedList query={query} spinnerClassName="flex justify-center py-10 text-sm">
      {(_pages, more) => {
        if (people.length === 0)
          return <p className="py-10 text-center text-sm text-muted">No suggestions right now.</p>;
        return (
          <ul className="flex flex-col gap-4">
            {people.map((person) => (
              <SuggestionRow key={person.id} person={person} withFullName />
            ))}
            {more && <li>{more}</li>}
          </ul>
        );
      }}
    </PagedList>
  );
}
