import { type Post, type SaveResult } from '@pinhole/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { updateCachedPost } from '@/domain/posts/post-cache';
import { queryKeys } from '@/lib/query-keys';

/** PUT saves, DELETE unsaves; both are idempotent. */
export function setSaved(postId: string, saved: boolean): Promise<SaveResult> {
  return apiRequest(saved ? 'save' : 'unsave', { params: { id: postId } });
}

interface ToggleSaveInput {
  postId: string;
  /** The state asked for: true to save, false to unsave. */
  saved: boolean;
}

const withSaved =
  (saved: boolean) =>
  (post: Post): Post =>
    post.saved_by_me === saved ? post : { ...post, saved_by_me: saved };

/**
 * Optimistic, like the like button: the bookmark fills at once wherever the post is cached, and
 * empties again if the server refuses. The saved list is asked for again the next time it shows.
 */
export function useToggleSave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, saved }: ToggleSaveInput) => setSaved(postId, saved),
    onMutate: ({ postId, saved }) => {
      updateCachedPost(queryClient, postId, withSaved(saved));
    },
    onError: (error, { postId, saved }) => {
      console.error('Error saving post', error);
      updateCachedPost(queryClient, postId, withSaved(!saved));
      if (isNotFound(error))
        void queryClient.invalidateQueries({ queryKey: queryKeys.post(postId) });
    },
    onSuccess: (result, { postId }) => {
      updateCachedPost(queryClient, postId, withSaved(result.saved));
      void queryClient.invalidateQueries({ queryKey: queryKeys.saved });
    },
  });
}
