import { type Profile } from '@pinhole/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, namesNothing } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getProfileByUsername(
  username: string,
  signal?: AbortSignal,
): Promise<Profile> {
  try {
    return await apiRequest('profileByUsername', { params: { username }, signal });
  } catch (error) {
    // Nobody of that name is an answer, not a failure to log.
    if (!signal?.aborted && !namesNothing(error)) console.error('Error loading profile', error);
    throw error;
  }
}

/** `username` as the address holds it; the server compares usernames without case. */
export const profileByUsernameQueryOptions = (username: string) =>
  queryOptions({
    queryKey: queryKeys.profileByUsername(username.toLowerCase()),
    queryFn: ({ signal }) => getProfileByUsername(username.toLowerCase(), signal),
  });

/**
 * The profile at `/:username`. `known` (the reader's own profile, from the session) is shown
 * while the fresh counts arrive.
 */
export function useProfileByUsername(username: string, known?: Profile, enabled = true) {
  return useQuery({ ...profileByUsernameQueryOptions(username), placeholderData: known, enabled });
}
