import { useCallback, useMemo } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { useSuggestionPages } from '@/features/suggestions/api/get-suggestion-pages';
import { SuggestionRow } from './suggestion-row';

/** `/explore/people`: everyone suggested, with name and reason, a page at a time. */
export function SuggestedPeople() {
  const {
    data,
    error,
    isPending,
    refetch,
    isFetching,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  } = useSuggestionPages();
  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);
  // The ranking is built anew when a follow changes it, so a later page may repeat someone.
  const people = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? [])
      .flatMap((page) => page.profiles)
      .filter((person) => !seen.has(person.id) && Boolean(seen.add(person.id)));
  }, [data]);

  if (isPending)
    return <Spinner label="Loading..." className="flex justify-center py-10 text-sm" />;
  if (error && !data)
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (people.length === 0)
    return <p className="py-10 text-center text-sm text-muted">No suggestions right now.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {people.map((person) => (
        <SuggestionRow key={person.id} person={person} withFullName />
      ))}
      {hasNextPage && (
        <li>
          <LoadMore loading={isFetchingNextPage} onLoadMore={loadMore} />
        </li>
      )}
    </ul>
  );
}
