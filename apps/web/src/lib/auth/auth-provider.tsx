import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { onUnauthorized } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { AuthResponse } from '@pinhole/contracts';
import { signedOut, useSession } from './get-session';
import { useSignOut } from './sign-out';
import { AuthContext, type AuthState } from './use-auth';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useSession();
  // Sign-in and sign-up are loaded when used (the first script keeps its budget), one at a time:
  // a second start while one runs (a double click) does nothing, as useExclusiveMutation does.
  const authenticating = useRef(false);
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
    const previous = previousUserId.current;
    if (previous && userId && previous !== userId) {
      // Switched accounts without signing out: nothing the last one saw (their notifications,
      // saved posts, requests) may show as the new one's.
      const [sessionKey] = queryKeys.session;
      void queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== sessionKey });
    } else if (previous !== undefined && previous !== userId) {
      void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    }
    previousUserId.current = userId;
  }, [queryClient, session.isPending, userId]);

  // The account switcher lists every account signed in on this device (by name, never email).
  // Its list is loaded with the switcher, after the app has started: not in the first script.
  const rememberedProfile = data.user ? data.profile : null;
  useEffect(() => {
    if (!rememberedProfile) return;
    const { username, avatar_url } = rememberedProfile;
    import('./remembered-accounts')
      .then(({ rememberAccount }) => rememberAccount({ username, avatar_url }))
      .catch((error: unknown) => console.error('Error remembering the account', error));
  }, [rememberedProfile]);

  const authenticate = useCallback(
    async (request: () => Promise<AuthResponse>): Promise<void> => {
      if (authenticating.current) return new Promise<void>(() => {});
      authenticating.current = true;
      try {
        const { user, profile } = await request();
        queryClient.setQueryData(queryKeys.session, { user, profile });
      } finally {
        authenticating.current = false;
      }
    },
    [queryClient],
  );

  const value = useMemo<AuthState>(
    () => ({
      user: data.user,
      profile: data.user ? data.profile : null,
      loading: session.isPending,
      signIn: (input) =>
        authenticate(() => import('./sign-in').then(({ signIn }) => signIn(input))),
      signUp: (input) =>
        authenticate(() => import('./sign-up').then(({ signUp }) => signUp(input))),
      signOut: async () => {
        await signOutAsync();
      },
    }),
    [data, session.isPending, authenticate, signOutAsync],
  );

  return <AuthContext value={value}>{children}</AuthContext>;
}
