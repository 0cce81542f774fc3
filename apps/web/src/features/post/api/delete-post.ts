import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { removeCachedPost } from '@/domain/posts/post-cache';
import { queryKeys } from '@/lib/query-keys';

export function deletePost(postId: string): Promise<void> {
  return apiRequest('deletePost', { params: { id: postId } });
}

/**
 * The post leaves every list on screen at once; the counts that include it (the author's posts,
 * on the profile and in the session) are asked for again.
 */
export function useDeletePost() {
  const queryClient = useQueryClient();
  const forget = (postId: string) => {
    removeCachedPost(queryClient, postId);
    void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  };
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (_nothing, postId) => forget(postId),
    onError: (error, postId) => {
      // Deleted already (another tab, twice): what the reader wanted is done.
      if (isNotFound(error)) forget(postId);
      else console.error('Error deleting post', error);
    },
  });
}
