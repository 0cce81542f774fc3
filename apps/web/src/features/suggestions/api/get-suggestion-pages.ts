import { limits } from '@pinhole/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query-keys';
import { getSuggestions } from './get-suggestions';

/** Everyone suggested, a page of the largest size at a time (`/explore/people`). */
export function useSuggestionPages() {
  const readerId = useAuth().user?.id ?? null;
  return useInfiniteQuery({
    queryKey: [...queryKeys.suggestions, 'pages', readerId],
    queryFn: ({ pageParam, signal }) =>
      getSuggestions(limits.suggestionsMaxLimit, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    staleTime: 5 * 60_000,
  });
}
