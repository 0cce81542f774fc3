import { limits, profileSummaryPageSchema, type ProfileSummaryPage } from '@pinhole/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A person's followers or followees, or the people who liked a post. */
export type PeopleList = 'followers' | 'following' | 'likes';

const listPath = (ownerId: string, list: PeopleList) =>
  list === 'likes'
    ? `/api/posts/${encodeURIComponent(ownerId)}/likes`
    : `/api/profiles/${encodeURIComponent(ownerId)}/${list}`;

export async function getPeoplePage(
  ownerId: string,
  list: PeopleList,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ProfileSummaryPage> {
  const params = new URLSearchParams({ limit: String(limits.listDefaultLimit) });
  if (cursor) params.set('cursor', cursor);
  try {
    return await apiRequest(
      `${listPath(ownerId, list)}?${params.toString()}`,
      import.meta.env.DEV ? profileSummaryPageSchema : undefined,
      { signal },
    );
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
