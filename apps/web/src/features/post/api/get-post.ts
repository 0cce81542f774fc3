import { type Post } from '@pinhole/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, namesNothing } from '@/lib/api-client';
import { findCachedPost } from '@/domain/posts/post-cache';
import { queryKeys } from '@/lib/query-keys';

export async function getPost(postId: string, signal?: AbortSignal): Promise<Post> {
  try {
    return await apiRequest('post', { params: { id: postId }, signal });
  } catch (error) {
    // A post that is not there is an answer, not a failure to log.
    if (!signal?.aborted && !namesNothing(error)) console.error('Error loading post', error);
    throw error;
  }
}

export const postQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.post(postId),
    queryFn: ({ signal }) => getPost(postId, signal),
  });

/**
 * The post at `/p/:id`. Opened from the feed or a grid, the copy already there draws at once
 * while the post is asked for again, which also finds out whether it was deleted meanwhile.
 */
export function usePost(postId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    ...postQueryOptions(postId),
    enabled,
    placeholderData: () => findCachedPost(queryClient, postId),
  });
}
