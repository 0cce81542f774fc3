import type { StoryTrays } from '@pinhole/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isNotFound } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { withoutStory } from '@/features/stories/story-trays';

export function deleteStory(storyId: string): Promise<void> {
  return apiRequest('deleteStory', { params: { id: storyId } });
}

/** The story leaves the reader's tray at once; the trays are read again when next shown. */
export function useDeleteStory(readerId: string | null) {
  const queryClient = useQueryClient();
  const forget = (storyId: string) => {
    const traysKey = queryKeys.storyTrays(readerId);
    queryClient.setQueryData<StoryTrays>(traysKey, (data) => data && withoutStory(data, storyId));
    queryClient.removeQueries({ queryKey: queryKeys.story(storyId) });
    queryClient.removeQueries({ queryKey: queryKeys.storyViewers(storyId) });
    void queryClient.invalidateQueries({ queryKey: traysKey, refetchType: 'none' });
  };
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: (_nothing, storyId) => forget(storyId),
    onError: (error, storyId) => {
      // Gone already (expired, or deleted from another tab): what the reader wanted is done.
      if (isNotFound(error)) forget(storyId);
      else console.error('Error deleting story', error);
    },
  });
}
