import type { Comment } from '@pinhole/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getComments(postId: string, signal?: AbortSignal): Promise<Comment[]> {
  try {
    const { comments } = await apiRequest('comments', { params: { id: postId }, signal });
    return comments;
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading comments', error);
    throw error;
  }
}

export const commentsQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: queryKeys.comments(postId),
    queryFn: ({ signal }) => getComments(postId, signal),
  });

/** The whole list, fetched only once the reader asks for it. */
export function useComments(postId: string, enabled: boolean) {
  return useQuery({ ...commentsQueryOptions(postId), enabled });
}
