import { sessionResponseSchema, type SessionResponse } from '@pinhole/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const signedOut: SessionResponse = { user: null, profile: null };

export async function getSession(): Promise<SessionResponse> {
  try {
    return await apiRequest('/api/auth/session', sessionResponseSchema);
  } catch (error) {
    // The spec: a profile load failure is logged and the profile becomes null.
    console.error('Error loading profile', error);
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session,
    queryFn: getSession,
    staleTime: 0,
    // AuthProvider re-reads the session on window focus itself (TanStack only listens to
    // visibilitychange, which does not fire when focus returns from another window).
    refetchOnWindowFocus: false,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
