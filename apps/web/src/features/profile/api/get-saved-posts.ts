import { limits, type PostPage } from '@pinhole/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getSavedPostsPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostPage> {
  try {
    return await apiRequest('savedPosts', {
      query: { limit: limits.savedDefaultLimit, cursor },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading saved posts', error);
    throw error;
  }
}

export const savedPostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.saved,
    queryFn: ({ pageParam, signal }) => getSavedPostsPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

/** The reader's saved posts, newest saved first; only ever their own. */
export function useSavedPosts() {
  return useInfiniteQuery(savedPostsQueryOptions());
}
