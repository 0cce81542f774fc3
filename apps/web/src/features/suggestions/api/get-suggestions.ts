import { limits, type SuggestionList } from '@pinhole/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query-keys';

export async function getSuggestions(
  limit: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SuggestionList> {
  try {
    return await apiRequest('suggestions', {
      query: { limit, cursor },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading suggestions', error);
    throw error;
  }
}

/**
 * The first few people to follow (the sidebar, the empty Following feed). Keyed by the reader,
 * since they differ per person; someone followed from it stays listed (as Following) until the
 * list is read again.
 */
export function useSuggestions() {
  const readerId = useAuth().user?.id ?? null;
  return useQuery({
    queryKey: [...queryKeys.suggestions, readerId],
    queryFn: ({ signal }) => getSuggestions(limits.suggestionsDefaultLimit, null, signal),
    staleTime: 5 * 60_000,
  });
}
