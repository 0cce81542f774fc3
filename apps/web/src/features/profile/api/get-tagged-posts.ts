import { limits, type PostPage } from '@pinhole/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getTaggedPostsPage(
  profileId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostPage> {
  try {
    return await apiRequest('taggedPosts', {
      params: { id: profileId },
      query: { limit: limits.gridDefaultLimit, cursor },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading tagged posts', error);
    throw error;
  }
}

export const taggedPostsQueryOptions = (profileId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.taggedPosts(profileId),
    queryFn: ({ pageParam, signal }) => getTaggedPostsPage(profileId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

/** Posts by others whose caption mentions the person, newest first (the TAGGED tab). */
export function useTaggedPosts(profileId: string) {
  return useInfiniteQuery(taggedPostsQueryOptions(profileId));
}
