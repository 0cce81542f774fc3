import { type StoryViewers } from '@pinhole/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getStoryViewers(
  storyId: string,
  signal?: AbortSignal,
): Promise<StoryViewers> {
  try {
    return await apiRequest('storyViewers', { params: { id: storyId }, signal });
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading story viewers', error);
    throw error;
  }
}

/**
 * Who has seen one of the reader's own stories (the author only: others get 403), newest first.
 * Read again each time it is shown: views keep arriving while a story lives.
 */
export function useStoryViewers(storyId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.storyViewers(storyId),
    queryFn: ({ signal }) => getStoryViewers(storyId, signal),
    enabled,
    staleTime: 0,
  });
}
