import type { Story, StoryTrays } from '@pinhole/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { withoutStory, withStoryViewed } from '@/features/stories/story-trays';

export function markStoryViewed(storyId: string): Promise<void> {
  return apiRequest('markStoryViewed', { params: { id: storyId } });
}

/**
 * Opening a story tells the server it was seen (idempotent). The strip's ring turns grey at once
 * once a tray has nothing unseen; the trays are then marked stale, not read again, because the
 * viewer is still playing them: the strip reads them afresh when it is back on screen.
 */
export function useMarkStoryViewed(readerId: string | null) {
  const queryClient = useQueryClient();
  const traysKey = queryKeys.storyTrays(readerId);
  return useMutation({
    mutationFn: markStoryViewed,
    onMutate: async (storyId) => {
      await queryClient.cancelQueries({ queryKey: traysKey });
      queryClient.setQueryData<StoryTrays>(
        traysKey,
        (data) => data && withStoryViewed(data, storyId),
      );
      queryClient.setQueryData<Story>(
        queryKeys.story(storyId),
        (story) => story && { ...story, viewed_by_me: true },
      );
    },
    onError: (error, storyId) => {
      // Gone meanwhile (expired, deleted): out of the trays, so the viewer says so.
      if (isNotFound(error)) {
        queryClient.setQueryData<StoryTrays>(
          traysKey,
          (data) => data && withoutStory(data, storyId),
        );
      } else {
        console.error('Error marking story viewed', error);
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: traysKey, refetchType: 'none' });
    },
  });
}
