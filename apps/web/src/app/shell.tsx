import { pagePaths, type Post } from '@pinhole/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { AccountSwitcherContext } from '@/lib/auth/account-switcher-prompt';
import { SignInPromptContext } from '@/lib/auth/sign-in-prompt';
import { SignUpPromptContext } from '@/lib/auth/sign-up-prompt';
import { useAuth } from '@/lib/auth/use-auth';
import { queryKeys } from '@/lib/query-keys';
import { FlashToast } from './flash-toast';
import { Header } from './header';
import { AfterStart } from '@/lib/after-start';
import { RouteNotice } from './route-notice';
import { AppRoutes, prefetchPages } from './router';
import { useSharedPhotos } from './shared-photos';
import { useScrollRestoration } from './scroll-restoration';

// The server draws pages for readers who reached it (online): the notice comes after the start.
const loadOfflineNotice = () => import('./offline-notice').then((module) => module.OfflineNotice);

// Most first visits only read the feed: the dialogs and the other pages (with Radix Dialog)
// load on demand, keeping them out of the initial script.
const loadAuthDialog = () => import('@/features/auth/components/auth-dialog');
const loadCreatePostDialog = () => import('@/features/create-post/components/create-post-dialog');
const AuthDialog = lazy(() => loadAuthDialog().then((m) => ({ default: m.AuthDialog })));
const AccountSwitcher = lazy(() =>
  import('./account-switcher').then((m) => ({ default: m.AccountSwitcher })),
);
const CreatePostDialog = lazy(() =>
  loadCreatePostDialog().then((m) => ({ default: m.CreatePostDialog })),
);

/**
 * Fetches the lazy parts once the reader reaches for the header (pointer over it, a touch, or
 * focus), so the click that follows rarely waits. Not at idle: importing a chunk also runs it,
 * and running zod's schemas and Radix on a phone's first seconds blocked the main thread for a
 * screen that does not use them.
 */
function usePrefetchOnIntent() {
  const done = useRef(false);
  return useCallback(() => {
    if (done.current) return;
    done.current = true;
    void loadAuthDialog();
    void loadCreatePostDialog();
    prefetchPages();
  }, []);
}

export function Shell() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [authOpen, setAuthOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  // A dialog is mounted from its first opening on, then stays (Radix animates open and closed).
  const [authMounted, setAuthMounted] = useState(false);
  // The account the sign-in dialog asks the password of: the one chosen in the switcher.
  const [authUsername, setAuthUsername] = useState('');
  const [authMode, setAuthMode] = useState<'signin' | 'signup'>('signin');
  const [switcherOpen, setSwitcherOpen] = useState(false);
  const [createMounted, setCreateMounted] = useState(false);
  const prefetch = usePrefetchOnIntent();
  useScrollRestoration();
  const shared = useSharedPhotos();
  const [createFiles, setCreateFiles] = useState<File[] | undefined>();
  // Shared photos open the create dialog with them, after signing in when signed out.
  const sharedFiles = shared.files;
  const { taken } = shared;
  const [askedToSignIn, setAskedToSignIn] = useState(false);
  // Decided while rendering (not in an effect): the dialog opens in the same commit.
  if (sharedFiles && !auth.loading) {
    if (auth.user === null) {
      if (!askedToSignIn) {
        setAskedToSignIn(true);
        setAuthMounted(true);
        setAuthOpen(true);
      }
    } else {
      setCreateFiles(sharedFiles);
      setCreateMounted(true);
      setCreateOpen(true);
      taken();
    }
  }

  if (auth.loading) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner label="Loading..." className="text-sm" />
      </div>
    );
  }

  const signedIn = auth.user !== null;

  const openAuth = (username = '', mode: 'signin' | 'signup' = 'signin') => {
    setAuthUsername(username);
    setAuthMode(mode);
    setAuthMounted(true);
    setAuthOpen(true);
  };
  const promptSignIn = () => openAuth();
  const promptSignUp = () => openAuth('', 'signup');
  const openSwitcher = () => setSwitcherOpen(true);

  const openCreate = () => {
    if (!signedIn) return promptSignIn();
    setCreateMounted(true);
    setCreateOpen(true);
  };

  const signOut = async () => {
    try {
      await auth.signOut();
      void navigate(pagePaths.home.to());
    } catch (error) {
      console.error('Error signing out', error);
    }
  };

  // The spec: after a post is created the feed is refreshed and the view returns home.
  const onCreated = (_post: Post) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.posts });
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
    void queryClient.invalidateQueries({ queryKey: queryKeys.profiles });
    void navigate(pagePaths.home.to());
  };

  return (
    <div className="min-h-dvh bg-white">
      {/* The first stop of Tab: past the header's dozen controls, straight to the page. Hidden
          until focused, as on most sites with a long header. */}
      <a
        href="#main"
        // Focus moves without adding `#main` to the address (a Back that would go nowhere).
        onClick={(event) => {
          event.preventDefault();
          document.getElementById('main')?.focus();
        }}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 text-sm font-semibold text-neutral-900 shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <Header
        onCreate={openCreate}
        onSignIn={promptSignIn}
        onSignOut={() => void signOut()}
        onSwitchAccounts={openSwitcher}
        onIntent={prefetch}
      />
      {/* Focusable by the skip link only (-1): the next Tab goes on from inside the page. */}
      <main id="main" tabIndex={-1} className="pb-12 focus:outline-none">
        <SignInPromptContext value={promptSignIn}>
          <SignUpPromptContext value={promptSignUp}>
            <AccountSwitcherContext value={openSwitcher}>
              <AppRoutes />
            </AccountSwitcherContext>
          </SignUpPromptContext>
        </SignInPromptContext>
      </main>
      <RouteNotice />
      <FlashToast />
      <AfterStart load={loadOfflineNotice} props={{}} what="the offline notice" />
      {authMounted && (
        <Suspense fallback={null}>
          {/* Another account (the switcher's choice), or Sign Up asked for, starts a fresh form. */}
          <AuthDialog
            key={`${authMode}:${authUsername}`}
            initialMode={authMode}
            open={authOpen}
            onOpenChange={setAuthOpen}
            username={authUsername}
          />
        </Suspense>
      )}
      {signedIn && switcherOpen && (
        <Suspense fallback={null}>
          <AccountSwitcher
            open
            onOpenChange={setSwitcherOpen}
            onSignIn={(username) => openAuth(username ?? '')}
          />
        </Suspense>
      )}
      {signedIn && createMounted && (
        <Suspense fallback={null}>
          <CreatePostDialog
            open={createOpen}
            onOpenChange={setCreateOpen}
            onCreated={onCreated}
            initialFiles={createFiles}
          />
        </Suspense>
      )}
    </div>
  );
}
