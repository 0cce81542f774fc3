import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { onUnauthorized } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { signedOut, useSession } from './get-session';
import { useSignIn } from './sign-in';
import { useSignOut } from './sign-out';
import { useSignUp } from './sign-up';
import { AuthContext, type AuthState } from './use-auth';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSession();
  const { mutateAsync: signInAsync } = useSignIn();
  const { mutateAsync: signUpAsync } = useSignUp();
  const { mutateAsync: signOutAsync } = useSignOut();

  // Any 401 means the cookie is no longer valid, whatever the UI believed.
  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.setQueryData(queryKeys.session, signedOut);
      }),
    [queryClient],
  );

  // Another tab may have signed in or out: re-read the session when the window regains focus.
  useEffect(() => {
    const refresh = () => {
      void queryClient.refetchQueries({ queryKey: queryKeys.session }, { cancelRefetch: false });
    };
    window.addEventListener('focus', refresh);
    return () => window.removeEventListener('focus', refresh);
  }, [queryClient]);

  // A failed refetch keeps the last known session; a failed first load means signed out.
  const data = session.data ?? signedOut;
  const userId = data.user?.id ?? null;

  // Posts carry `liked_by_me`, which depends on who is asking: reload them when that changes.
  const previousUserId = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (session.isPending) return;
    if (previousUserId.current !== undefined && previousUserId.current !== userId) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    }
    previousUserId.current = userId;
  }, [queryClient, session.isPending, userId]);

  const value = useMemo<AuthState>(
    () => ({
      user: data.user,
      profile: data.user ? data.profile : null,
      loading: session.isPending,
      signIn: async (input) => {
        await signInAsync(input);
      },
      signUp: async (input) => {
        await signUpAsync(input);
      },
      signOut: async () => {
        await signOutAsync();
      },
    }),
    [data, session.isPending, signInAsync, signUpAsync, signOutAsync],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
