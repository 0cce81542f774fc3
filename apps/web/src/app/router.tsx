import { adminSections, pagePaths } from '@pinhole/contracts';
import { lazy, Suspense } from 'react';
import { useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { backgroundOf } from '@/lib/overlay-location';
import { HomeRoute } from './routes/home';
import { loadStoryRoute } from './routes/load-story-route';

// Only the feed is part of the first screen of `/`; every other page loads when it is visited.
// Default exports: each is one page, and the first script is at its budget (e2e/12): a named
// one's `.then((m) => ({ default: … }))` was bytes of it for every page.
const ProfileRoute = lazy(() => import('./routes/profile'));
const DirectRoute = lazy(() => import('./routes/direct'));
const PostRoute = lazy(() => import('./routes/post'));
const PostDialogRoute = lazy(() => import('./routes/post-dialog'));
const PeopleRoute = lazy(() => import('./routes/people'));
const PeopleDialogRoute = lazy(() => import('./routes/people-dialog'));
const LikedByRoute = lazy(() => import('./routes/liked-by'));
const AboutRoute = lazy(() => import('./routes/about'));
const ExploreRoute = lazy(() => import('./routes/explore'));
const ExploreTagRoute = lazy(() => import('./routes/explore-tag'));
const ExplorePeopleRoute = lazy(() => import('./routes/explore-people'));
const AccountEditRoute = lazy(() => import('./routes/account-edit'));
const PasswordRoute = lazy(() =>
  import('./routes/account-settings').then((m) => ({ default: m.PasswordRoute })),
);
const SessionsRoute = lazy(() =>
  import('./routes/account-settings').then((m) => ({ default: m.SessionsRoute })),
);
const DeleteAccountRoute = lazy(() =>
  import('./routes/account-settings').then((m) => ({ default: m.DeleteAccountRoute })),
);
const ImportRoute = lazy(() =>
  import('./routes/account-settings').then((m) => ({ default: m.ImportRoute })),
);
const BlockedRoute = lazy(() =>
  import('./routes/account-settings').then((m) => ({ default: m.BlockedRoute })),
);
const NotificationSettingsRoute = lazy(() =>
  import('./routes/account-settings').then((m) => ({ default: m.NotificationSettingsRoute })),
);
const AdminRoute = lazy(() => import('./routes/admin'));
const PasswordResetRoute = lazy(() => import('./routes/password-reset'));
const NotificationsRoute = lazy(() => import('./routes/notifications'));
const StoryRoute = lazy(() => loadStoryRoute().then((m) => ({ default: m.StoryRoute })));
const NotFoundPage = lazy(() => import('./routes/not-found'));

/** The profile and post chunks, fetched ahead when the reader is about to open one. */
export function prefetchPages(): void {
  void import('./routes/profile');
  void import('./routes/post');
  void import('./routes/post-dialog');
}

/**
 * Every page of the app, at the addresses of the contracts' `pagePaths` (which the server answers
 * too); anything else is the not-found page.
 */
export const pageRoutes: RouteObject[] = [
  { path: pagePaths.home.pattern, element: <HomeRoute /> },
  { path: pagePaths.post.pattern, element: <PostRoute /> },
  { path: pagePaths.likedBy.pattern, element: <LikedByRoute /> },
  { path: pagePaths.profile.pattern, element: <ProfileRoute tab="posts" /> },
  { path: pagePaths.profileSaved.pattern, element: <ProfileRoute tab="saved" /> },
  { path: pagePaths.profileTagged.pattern, element: <ProfileRoute tab="tagged" /> },
  { path: pagePaths.account.to('edit'), element: <AccountEditRoute /> },
  { path: pagePaths.account.to('password'), element: <PasswordRoute /> },
  { path: pagePaths.account.to('sessions'), element: <SessionsRoute /> },
  { path: pagePaths.account.to('delete'), element: <DeleteAccountRoute /> },
  { path: pagePaths.account.to('import'), element: <ImportRoute /> },
  { path: pagePaths.account.to('blocked'), element: <BlockedRoute /> },
  { path: pagePaths.account.to('notifications'), element: <NotificationSettingsRoute /> },
  ...adminSections.map((section) => ({
    path: pagePaths.admin.to(section),
    element: <AdminRoute />,
  })),
  { path: pagePaths.about.pattern, element: <AboutRoute /> },
  { path: pagePaths.account.to('password/reset'), element: <PasswordResetRoute /> },
  { path: pagePaths.explore.pattern, element: <ExploreRoute /> },
  { path: pagePaths.exploreTag.pattern, element: <ExploreTagRoute /> },
  { path: pagePaths.explorePeople.pattern, element: <ExplorePeopleRoute /> },
  { path: pagePaths.notifications.pattern, element: <NotificationsRoute /> },
  { path: pagePaths.directInbox.pattern, element: <DirectRoute folder="inbox" /> },
  { path: pagePaths.directRequests.pattern, element: <DirectRoute folder="requests" /> },
  { path: pagePaths.directThread.pattern, element: <DirectRoute folder="inbox" /> },
  { path: pagePaths.story.pattern, element: <StoryRoute /> },
  { path: pagePaths.followers.pattern, element: <PeopleRoute list="followers" /> },
  { path: pagePaths.following.pattern, element: <PeopleRoute list="following" /> },
  { path: '*', element: <NotFoundPage /> },
];

/** A post or a list of people opened over a page (see `OverlayLink`): drawn as a dialog on top. */
const overlayRoutes: RouteObject[] = [
  { path: pagePaths.post.pattern, element: <PostDialogRoute /> },
  { path: pagePaths.likedBy.pattern, element: <LikedByRoute dialog /> },
  { path: pagePaths.followers.pattern, element: <PeopleDialogRoute list="followers" /> },
  { path: pagePaths.following.pattern, element: <PeopleDialogRoute list="following" /> },
];

function Overlay() {
  return useRoutes(overlayRoutes);
}

/** The page at the address, or the page it was opened over with itself as a dialog on top. */
export function AppRoutes() {
  const location = useLocation();
  const background = backgroundOf(location);
  const page = useRoutes(pageRoutes, background ?? location);
  return (
    <>
      <Suspense fallback={<PageSpinner />}>{page}</Suspense>
      {background && (
        <Suspense fallback={null}>
          <Overlay />
        </Suspense>
      )}
    </>
  );
}
