import { limits, type Comment } from '@pinhole/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { updateCachedPost } from '@/domain/posts/post-cache';
import { queryKeys } from '@/lib/query-keys';

export function addComment(postId: string, content: string): Promise<Comment> {
  return apiRequest('addComment', { params: { id: postId }, body: { content } });
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useExclusiveMutation({
    mutationFn: (content: string) => addComment(postId, content),
    onSuccess: (comment) => {
      queryClient.setQueryData<Comment[]>(queryKeys.comments(postId), (comments) =>
        comments ? [...comments, comment] : comments,
      );
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        comments_count: post.comments_count + 1,
        comments_preview:
          post.comments_preview.length < limits.commentsPreviewCount
            ? [...post.comments_preview, comment]
            : post.comments_preview,
      }));
    },
    onError: (error) => {
      // The spec: comment failures are only logged.
      console.error('Error adding comment', error);
      // The post is gone: asking for it again shows its page (or dialog) as not found.
      if (isNotFound(error))
        void queryClient.invalidateQueries({ queryKey: queryKeys.post(postId) });
    },
  });
}
