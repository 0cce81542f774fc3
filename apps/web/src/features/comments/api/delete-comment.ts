import type { Comment } from '@pinhole/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { updateCachedPost } from '@/domain/posts/post-cache';
import { queryKeys } from '@/lib/query-keys';

export function deleteComment(commentId: string): Promise<void> {
  return apiRequest('deleteComment', { params: { id: commentId } });
}

/** The comment leaves its post's lists and counts everywhere they are cached. */
export function useDeleteComment(comment: Comment) {
  const queryClient = useQueryClient();
  const { id, post_id: postId } = comment;
  const forget = () => {
    queryClient.setQueryData<Comment[]>(queryKeys.comments(postId), (comments) =>
      comments?.filter((candidate) => candidate.id !== id),
    );
    updateCachedPost(queryClient, postId, (post) => ({
      ...post,
      comments_count: Math.max(0, post.comments_count - 1),
      comments_preview: post.comments_preview.filter((candidate) => candidate.id !== id),
    }));
  };
  return useMutation({
    mutationFn: () => deleteComment(id),
    onSuccess: forget,
    onError: (error) => {
      // Deleted already: what the reader wanted is done.
      if (isNotFound(error)) forget();
      else console.error('Error deleting comment', error);
    },
  });
}
