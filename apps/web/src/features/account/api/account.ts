import type {
  ChangePasswordRequest,
  Profile,
  SessionResponse,
  UpdateProfileRequest,
} from '@pinhole/contracts';
import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useExclusiveMutation } from '@/lib/use-exclusive-mutation';
import { apiRequest, apiUpload } from '@/lib/api-client';
import { signedOut } from '@/lib/auth/get-session';
import { queryKeys } from '@/lib/query-keys';

const sessionsKey = ['account', 'sessions'] as const;

/**
 * The reader's own profile changed: the session holds it (header, menus), and every cached
 * profile, list and post that shows their name or picture is read again.
 */
function useProfileChanged() {
  const queryClient = useQueryClient();
  return (profile: Profile) => {
    queryClient.setQueryData<SessionResponse>(queryKeys.session, (session) =>
      session?.user ? { ...session, profile } : session,
    );
    void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
  };
}

export function useUpdateProfile() {
  const changed = useProfileChanged();
  return useExclusiveMutation({
    mutationFn: (patch: Partial<UpdateProfileRequest>) =>
      apiRequest('updateProfile', { body: patch }),
    onSuccess: changed,
  });
}

export function useChangeAvatar() {
  const changed = useProfileChanged();
  return useExclusiveMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return apiUpload('changeAvatar', form);
    },
    onSuccess: changed,
  });
}

export function useRemoveAvatar() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: () => apiRequest('removeAvatar'),
    onSuccess: changed,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useExclusiveMutation({
    mutationFn: (change: ChangePasswordRequest) => apiRequest('changePassword', { body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => apiRequest('sessions'),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      id === null ? apiRequest('endOtherSessions') : apiRequest('endSession', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest('deleteAccount', { body: { password } }),
    onSuccess: () => {
      // Signed out, and nothing else of the account stays cached. The session's query is kept:
      // the AuthProvider observes it, and `clear()` removed it from under that observer, so the
      // header and menus went on showing the deleted account until a reload.
      queryClient.setQueryData(queryKeys.session, signedOut);
      const session = hashKey(queryKeys.session);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== session });
    },
  });
}
