import { profileSchema, type Profile } from '@pinhole/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export async function getProfile(profileId: string, signal?: AbortSignal): Promise<Profile> {
  try {
    return await apiRequest(
      `/api/profiles/${encodeURIComponent(profileId)}`,
      import.meta.env.DEV ? profileSchema : undefined,
      {
        signal,
      },
    );
  } catch (error) {
    if (!signal?.aborted) console.error('Error loading profile', error);
    throw error;
  }
}

export const profileQueryOptions = (profileId: string) =>
  queryOptions({
    queryKey: queryKeys.profile(profileId),
    queryFn: ({ signal }) => getProfile(profileId, signal),
    // Counts change as posts are shared; read them fresh whenever the profile is opened.
    staleTime: 0,
  });

/** The profile with fresh counts, showing `known` (from the session) until they arrive. */
export function useProfile(known: Profile) {
  return useQuery({ ...profileQueryOptions(known.id), placeholderData: known });
}
