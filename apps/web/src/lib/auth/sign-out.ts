import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearPersonalData } from '@/lib/offline/service-worker';
import { queryKeys } from '@/lib/query-keys';
import { signedOut } from './get-session';

export function signOut(): Promise<void> {
  return apiRequest('signOut');
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: async () => {
      queryClient.setQueryData(queryKeys.session, signedOut);
      // Awaited, so whoever signs out next sees none of it, even offline.
      await clearPersonalData();
    },
  });
}
