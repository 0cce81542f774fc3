import { type SessionResponse } from '@pinhole/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const signedOut: SessionResponse = { user: null, profile: null };

export async function getSession(): Promise<SessionResponse> {
  try {
    return await apiRequest('session');
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
    // Mounted once, under the AuthProvider: a mount with a session already cached (the one the
    // server embedded in the page) has nothing to re-read. Focus, sign-in/out and 401s still do.
    refetchOnMount: false,
    // AuthProvider re-reads the session on window focus itself (TanStack only listens to
    // visibilitychange, which does not fire when focus returns from another window).
    refetchOnWindowFocus: false,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}
