import { limits } from '@pinhole/contracts';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** People waiting for the reader to answer their request to follow, a page at a time. */
export function useFollowRequests() {
  return useInfiniteQuery({
    queryKey: queryKeys.followRequests,
    queryFn: ({ pageParam, signal }) => {
      return apiRequest('followRequests', {
        query: { limit: limits.listDefaultLimit, cursor: pageParam },
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.next_cursor,
  });
}

/** Approve makes the follow, decline drops the request; either way the person leaves the list. */
export function useAnswerRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, approve }: { profileId: string; approve: boolean }) => {
      const params = { profileId };
      return approve
        ? apiRequest('approveFollowRequest', { params })
        : apiRequest('declineFollowRequest', { params });
    },
    // Answered, or gone already (withdrawn, answered in another tab): the lists show what is left,
    // and the request's notification is then gone (an approval's became a follow).
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.followRequests });
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications });
    },
    onSuccess: () => {
      // An approval adds a follower: the reader's own counts change.
      void queryClient.invalidateQueries({ queryKey: queryKeys.session });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    },
    onError: (error) => console.error('Error answering follow request', error),
  });
}
