import { type Post, type UpdatePostBody } from '@pinhole/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { apiRequest } from '@/lib/api-client';
import { updateCachedPost } from '@/domain/posts/post-cache';

export function updatePost(postId: string, body: UpdatePostBody): Promise<Post> {
  return apiRequest('updatePost', { params: { id: postId }, body });
}

/** The author's edit; the post as the server answers replaces every cached copy of it. */
export function useUpdatePost(postId: string) {
  const queryClient = useQueryClient();
  return useExclusiveMutation({
    mutationFn: (body: UpdatePostBody) => updatePost(postId, body),
    onSuccess: (post) => {
      updateCachedPost(queryClient, postId, () => post);
    },
  });
}
