import { limits, type HashtagPosts } from '@pinhole/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getHashtagPostsPage(
  name: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<HashtagPosts> {
  try {
    return await apiRequest('hashtagPosts', {
      params: { name },
      query: { limit: limits.gridDefaultLimit, cursor },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading hashtag', error);
    throw error;
  }
}

/** `name` in lowercase, as hashtags are compared; an unknown tag is a page with 0 posts. */
export const hashtagPostsQueryOptions = (name: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.hashtagPosts(name),
    queryFn: ({ pageParam, signal }) => getHashtagPostsPage(name, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

/** A hashtag's posts, newest first, each page with the tag's count. */
export function useHashtagPosts(name: string) {
  return useInfiniteQuery(hashtagPostsQueryOptions(name));
}
