import { type Story } from '@pinhole/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest, namesNothing } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getStory(storyId: string, signal?: AbortSignal): Promise<Story> {
  try {
    return await apiRequest('story', { params: { id: storyId }, signal });
  } catch (error) {
    // A story gone (expired, deleted) is an answer the viewer shows, not a failure.
    if (!signal?.aborted && !namesNothing(error)) console.error('Error loading story', error);
    throw error;
  }
}

/**
 * One story on its own, for an address whose story is not in the reader's trays (a link shared
 * by someone else). Expired or deleted, it answers 404.
 */
export function useStory(storyId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: queryKeys.story(storyId),
    queryFn: ({ signal }) => getStory(storyId, signal),
    enabled,
  });
}
