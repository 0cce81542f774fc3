import { type Profile, type SessionResponse } from '@pinhole/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function setPrivate(isPrivate: boolean): Promise<Profile> {
  return apiRequest('updateProfile', { body: { is_private: isPrivate } });
}

/**
 * The Private account switch. The session holds the reader's profile, so the answer goes there;
 * going public approves every pending request, so the requests and counts are read again.
 */
export function useSetPrivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrivate,
    onSuccess: (profile) => {
      queryClient.setQueryData<SessionResponse>(queryKeys.session, (session) =>
        session?.user ? { ...session, profile } : session,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.followRequests });
      void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    },
    onError: (error) => console.error('Error updating profile', error),
  });
}
