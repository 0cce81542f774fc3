import { limits, type PostPage } from '@pinhole/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getExplorePage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostPage> {
  try {
    return await apiRequest('explore', {
      query: { limit: limits.gridDefaultLimit, cursor },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading explore', error);
    throw error;
  }
}

export const explorePostsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.explore,
    queryFn: ({ pageParam, signal }) => getExplorePage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

/** `/explore`'s posts, ranked by the server; visitors get them too. */
export function useExplorePosts() {
  return useInfiniteQuery(explorePostsQueryOptions());
}
