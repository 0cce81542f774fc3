import { limits, type BlockedPage, type Profile } from '@pinhole/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The people the reader blocked, a page at a time (`/accounts/blocked`). */
export const blockedKey = ['people', 'blocked'] as const;

export async function getBlockedPage(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BlockedPage> {
  return apiRequest('blockedPeople', {
    query: { limit: limits.listDefaultLimit, cursor },
    signal,
  });
}

export function useBlockedPeople() {
  return useInfiniteQuery({
    queryKey: blockedKey,
    queryFn: ({ pageParam, signal }) => getBlockedPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

/**
 * PUT blocks, DELETE unblocks. Blocking hides both people from each other everywhere (feeds,
 * comments, follows), so every cached list and profile is stale afterwards: all of it is marked
 * so and read again when shown, never drawn from what the reader saw before. The person's cached
 * profile takes the new `blocked_by_me` at once (their page turns into "You blocked …" or back
 * into their profile without waiting), and the profile on screen is read again for its counts.
 */
export function useSetBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, block }: { profileId: string; block: boolean }) =>
      apiRequest(block ? 'block' : 'unblock', { params: { id: profileId } }),
    onSuccess: async (_result, { profileId, block }) => {
      // A block ended the follows and requests both ways (an unblock does not bring them back).
      queryClient.setQueriesData<Profile>({ queryKey: queryKeys.profiles }, (profile) =>
        profile?.id === profileId
          ? {
              ...profile,
              blocked_by_me: block,
              followed_by_me: false,
              follows_me: false,
              requested_by_me: false,
            }
          : profile,
      );
      // The blocked list is left as it is here: a row unblocked stays on screen (marked) until
      // the page is opened again, as Instagram does, so a mistaken click can be undone in place.
      for (const queryKey of [
        queryKeys.profiles,
        queryKeys.posts,
        queryKeys.stories,
        queryKeys.session,
      ]) {
        await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
      }
      await queryClient.invalidateQueries({
        queryKey: queryKeys.people,
        predicate: (query) => query.queryKey[1] !== blockedKey[1],
        refetchType: 'none',
      });
      void queryClient.refetchQueries({ queryKey: queryKeys.profiles, type: 'active' });
    },
    onError: (error) => console.error('Error blocking', error),
  });
}
