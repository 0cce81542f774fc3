import { limits, type PostPage } from '@pinhole/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getProfilePostsPage(
  profileId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<PostPage> {
  try {
    return await apiRequest('profilePosts', {
      params: { id: profileId },
      query: { limit: limits.homeFeedLimit, cursor },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading posts', error);
    throw error;
  }
}

export const profilePostsQueryOptions = (profileId: string) =>
  infiniteQueryOptions({
    queryKey: queryKeys.profilePosts(profileId),
    queryFn: ({ pageParam, signal }) => getProfilePostsPage(profileId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });

export function useProfilePosts(profileId: string) {
  return useInfiniteQuery(profilePostsQueryOptions(profileId));
}
