import { limits, type SearchResult } from '@pinhole/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * What the box's text asks the server for: trimmed and cut to the longest query it answers. A
 * leading `@` is how people write a name, not part of it; a leading `#` asks for hashtags only
 * (the server's rule). Empty when nothing is left to look for (`''`, a lone `#` or `@`).
 */
export function searchTermOf(text: string): string {
  const term = text.trim().replace(/^@+/, '').slice(0, limits.searchMaxLength);
  return /^#*$/.test(term) ? '' : term;
}

/**
 * A handle of another server (`alice@photos.example`, after `searchTermOf` took its `@`) or a web
 * address: the server asks that server, which can take seconds.
 */
export function asksOtherServers(term: string): boolean {
  return /^[^\s@]+@[^\s@]+$/.test(term) || /^https:\/\/\S+$/i.test(term);
}

export async function search(q: string, signal?: AbortSignal): Promise<SearchResult> {
  try {
    return await apiRequest('search', { query: { q }, signal });
  } catch (error) {
    if (!signal?.aborted) console.error('Error searching', error);
    throw error;
  }
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.search(q),
    queryFn: ({ signal }) => search(q, signal),
    enabled: q !== '',
  });

/**
 * The answer for `q` (already debounced). Only the answer to the text asked last is ever shown:
 * each text is its own query, and one left behind is cancelled, its late answer going to its own
 * cache entry. Until the new answer comes the previous one stays, so the list does not blink.
 */
export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), placeholderData: keepPreviousData });
}
