import { type StoryTrays, withStoryAuthors } from '@pinhole/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getStoryTrays(signal?: AbortSignal): Promise<StoryTrays> {
  try {
    // The answer names each author once per tray; the player wants whole stories.
    return withStoryAuthors(await apiRequest('storyTrays', { signal }));
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading stories', error);
    throw error;
  }
}

/**
 * The strip's trays as `readerId` sees them (signed in: theirs first, then the people they
 * follow; signed out: everyone's recent ones). The viewer plays the same list.
 */
export function useStoryTrays(readerId: string | null) {
  return useQuery({
    queryKey: queryKeys.storyTrays(readerId),
    queryFn: ({ signal }) => getStoryTrays(signal),
  });
}
