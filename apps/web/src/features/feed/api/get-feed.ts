import { limits, postPageSchema, type PostPage } from '@pinhole/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getFeedPage(cursor: string | null, signal?: AbortSignal): Promise<PostPage> {
  const params = new URLSearchParams({ limit: String(limits.homeFeedLimit) });
  if (cursor) params.set('cursor', cursor);
  try {
    return await apiRequest(
      `/api/posts?${params.toString()}`,
      import.meta.env.DEV ? postPageSchema : undefined,
      { signal },
    );
  } catch (error) {
    // The spec: feed failures are only logged; the page keeps working.
    if (!signal?.aborted) console.error('Error loading posts', error);
    throw error;
  }
}

export const feedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.feed,
    queryFn: ({ pageParam, signal }) => getFeedPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

export function useFeed() {
  return useInfiniteQuery(feedQueryOptions());
}
