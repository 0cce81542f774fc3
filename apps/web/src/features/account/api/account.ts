import {
  accountSessionsResponseSchema,
  profileSchema,
  type ChangePasswordRequest,
  type Profile,
  type SessionResponse,
  type UpdateProfileRequest,
} from '@pinhole/contracts';
import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, apiSend, apiUpload } from '@/lib/api-client';
import { signedOut } from '@/lib/auth/get-session';
import { queryKeys } from '@/lib/query-keys';

const check = <T>(schema: { parse(data: unknown): T }) =>
  import.meta.env.DEV ? schema : undefined;

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
  return useMutation({
    mutationFn: (patch: Partial<UpdateProfileRequest>) =>
      apiRequest('/api/profiles/me', check(profileSchema), { method: 'PATCH', body: patch }),
    onSuccess: changed,
  });
}

export function useChangeAvatar() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return apiUpload('/api/profiles/me/avatar', check(profileSchema), form, { method: 'PUT' });
    },
    onSuccess: changed,
  });
}

export function useRemoveAvatar() {
  const changed = useProfileChanged();
  return useMutation({
    mutationFn: () =>
      apiRequest('/api/profiles/me/avatar', check(profileSchema), { method: 'DELETE' }),
    onSuccess: changed,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: ChangePasswordRequest) =>
      apiSend('/api/auth/password', { method: 'POST', body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: sessionsKey,
    queryFn: () => apiRequest('/api/auth/sessions', check(accountSessionsResponseSchema)),
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) =>
      apiSend(id === null ? '/api/auth/sessions' : `/api/auth/sessions/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiSend('/api/me', { method: 'DELETE', body: { password } }),
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
