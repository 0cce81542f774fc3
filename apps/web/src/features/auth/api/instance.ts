import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * `GET /api/instance`: whether sign-ups are open, need an invite or are closed. Asked for when
 * the sign-up form opens, not at boot: most visits never sign up.
 */
export function useInstanceInfo(enabled: boolean) {
  return useQuery({
    queryKey: ['instance'],
    queryFn: ({ signal }) => apiRequest('instance', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
