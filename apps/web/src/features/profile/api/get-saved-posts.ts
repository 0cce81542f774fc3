import { limits, postPageSchema, type PostPage } from '@pinhole/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getSavedPostsPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostPage> {
  const params = new URLSearchParams({ limit: String(limits.savedDefaultLimit) });
  if (cursor) params.set('cursor', cursor);
  try {
    return await apiRequest(
      `/api/me/saved?${params.toString()}`,
      import.meta.env.DEV ? postPageSchema : undefined,
      { signal },
    );
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
