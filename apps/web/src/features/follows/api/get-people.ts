import { limits, type EndpointName, type ProfileSummaryPage } from '@pinhole/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A person's followers or followees, or the people who liked a post. */
export type PeopleList = 'followers' | 'following' | 'likes';

/** The call that reads each list; `ownerId` is the post's id for likes, the person's otherwise. */
const callOf = {
  followers: 'followers',
  following: 'following',
  likes: 'likers',
} as const satisfies Record<PeopleList, EndpointName>;

export async function getPeoplePage(
  ownerId: string,
  list: PeopleList,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProfileSummaryPage> {
  try {
    return await apiRequest(callOf[list], {
      params: { id: ownerId },
      query: { limit: limits.listDefaultLimit, cursor },
      signal,
    });
  } catch (error) {
    if (!signal?.aborted) console.error(`Error loading ${list}`, error);
    throw error;
  }
}

const keyOf = {
  followers: queryKeys.followers,
  following: queryKeys.following,
  likes: queryKeys.likers,
} satisfies Record<PeopleList, (id: string) => readonly string[]>;

/**
 * Someone's followers or the people they follow, newest follow first, or who liked a post, newest
 * like first; a page at a time.
 */
export function usePeople(ownerId: string, list: PeopleList) {
  return useInfiniteQuery({
    queryKey: keyOf[list](ownerId),
    queryFn: ({ pageParam, signal }) => getPeoplePage(ownerId, list, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
    // Who liked is asked for afresh each time it opens: the reader may have just liked the post,
    // and keeping this out of the like's own code keeps it out of the first script.
    ...(list === 'likes' && { staleTime: 0 }),
  });
}
