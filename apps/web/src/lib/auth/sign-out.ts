import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
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
      // Awaited, so whoever signs out next sees none of it, even offline. Loaded on signing out:
      // the first screen's script does without it.
      const { clearPersonalData } = await import('@/lib/offline/service-worker');
      await clearPersonalData();
    },
  });
}
