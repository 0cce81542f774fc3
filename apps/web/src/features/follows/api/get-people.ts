import { limits, profileSummaryPageSchema, type ProfileSummaryPage } from '@pinhole/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export type PeopleList = 'followers' | 'following';

export async function getPeoplePage(
  profileId: string,
  list: PeopleList,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProfileSummaryPage> {
  const params = new URLSearchParams({ limit: String(limits.listDefaultLimit) });
  if (cursor) params.set('cursor', cursor);
  try {
    return await apiRequest(
      `/api/profiles/${encodeURIComponent(profileId)}/${list}?${params.toString()}`,
      import.meta.env.DEV ? profileSummaryPageSchema : undefined,
      { signal },
    );
  } catch (error) {
    if (!signal?.aborted) console.error(`Error loading ${list}`, error);
    throw error;
  }
}

/** Someone's followers or the people they follow, newest follow first, a page at a time. */
export function usePeople(profileId: string, list: PeopleList) {
  return useInfiniteQuery({
    queryKey:
      list === 'followers' ? queryKeys.followers(profileId) : queryKeys.following(profileId),
    queryFn: ({ pageParam, signal }) => getPeoplePage(profileId, list, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}
