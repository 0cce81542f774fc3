import type { FollowResult } from '@pinhole/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { findCachedProfile, updateCachedPerson } from '@/domain/people/profile-cache';
import { queryKeys } from '@/lib/query-keys';

/** PUT follows (or asks, for a private account), DELETE unfollows or withdraws the request. */
export function setFollow(profileId: string, follow: boolean): Promise<FollowResult> {
  return apiRequest(follow ? 'follow' : 'unfollow', { params: { id: profileId } });
}

/** A person's relation to the reader, as a Follow button draws it. */
export type FollowState = 'none' | 'following' | 'requested';

export interface SetFollowInput {
  profileId: string;
  /** Their state before the click: a click always leaves it (Follow asks, the others undo). */
  from: FollowState;
  /** Someone of another server: their server answers later, so a follow is a request until then. */
  remote?: boolean;
}

/** Every cached view of people, to put back as it was when the server refuses. */
function snapshot(queryClient: QueryClient) {
  return [
    ...queryClient.getQueriesData({ queryKey: queryKeys.profiles }),
    ...queryClient.getQueriesData({ queryKey: queryKeys.people }),
  ];
}

/**
 * Optimistic like likes: the button and the profile's follower count change at once, and change
 * back if the server refuses. A private account (when its profile says so) and anyone of another
 * server turn to Requested and their count does not move; the server's answer then settles both.
 */
export function useSetFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, from }: SetFollowInput) => setFollow(profileId, from === 'none'),
    onMutate: async ({ profileId, from, remote = false }) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.profiles });
      const before = snapshot(queryClient);
      const profile = findCachedProfile(queryClient, profileId);
      const count = profile?.followers_count;
      if (from === 'none') {
        const asks = profile?.is_private === true || remote || profile?.is_remote === true;
        updateCachedPerson(queryClient, profileId, {
          followed_by_me: !asks,
          requested_by_me: asks,
          followers_count: count === undefined || asks ? count : count + 1,
        });
      } else {
        updateCachedPerson(queryClient, profileId, {
          followed_by_me: false,
          requested_by_me: false,
          followers_count:
            count === undefined || from !== 'following' ? count : Math.max(0, count - 1),
        });
      }
      return { before };
    },
    onError: (error, _input, context) => {
      console.error('Error following', error);
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (result, { profileId }) => {
      updateCachedPerson(queryClient, profileId, {
        followed_by_me: result.following,
        requested_by_me: result.requested,
        followers_count: result.followers_count,
      });
      // The Following feed and the reader's own following count now differ; read them when shown.
      void queryClient.invalidateQueries({
        queryKey: queryKeys.feedOf('following'),
        refetchType: 'none',
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.session, refetchType: 'none' });
    },
  });
}
