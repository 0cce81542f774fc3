import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { accountPages, paths } from '@/config/paths';
import { backgroundOf } from '@/lib/overlay-location';
import { HomeRoute } from './routes/home';
import { loadStoryRoute } from './routes/load-story-route';

// Only the feed is part of the first screen of `/`; every other page loads when it is visited.
const ProfileRoute = lazy(() =>
  import('./routes/profile').then((m) => ({ default: m.ProfileRoute })),
);
const PostRoute = lazy(() => import('./routes/post').then((m) => ({ default: m.PostRoute })));
const PostDialogRoute = lazy(() =>
  import('./routes/post-dialog').then((m) => ({ default: m.PostDialogRoute })),
);
const PeopleRoute = lazy(() => import('./routes/people').then((m) => ({ default: m.PeopleRoute })));
const PeopleDialogRoute = lazy(() =>
  import('./routes/people-dialog').then((m) => ({ default: m.PeopleDialogRoute })),
);
// Default exports: each is one page, and the first script is at its budget (e2e/12).
const LikedByRoute = lazy(() => import('./routes/liked-by'));
const AboutRoute = lazy(() => import('./routes/about'));
const ExploreRoute = lazy(() =>
  import('./routes/explore').then((m) => ({ default: m.ExploreRoute })),
);
const ExploreTagRoute = lazy(() =>
  import('./routes/explore-tag').then((m) => ({ default: m.ExploreTagRoute })),
);
const ExplorePeopleRoute = lazy(() =>
  import('./routes/explore-people').then((m) => ({ default: m.ExplorePeopleRoute })),
);
const AccountEditRoute = lazy(() =>
  import('./routes/account-edit').then((m) => ({ default: m.AccountEditRoute })),
);
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
const AdminRoute = lazy(() => import('./routes/admin').then((m) => ({ default: m.AdminRoute })));
const PasswordResetRoute = lazy(() =>
  import('./routes/password-reset').then((m) => ({ default: m.PasswordResetRoute })),
);
const NotificationsRoute = lazy(() =>
  import('./routes/notifications').then((m) => ({ default: m.NotificationsRoute })),
);
const StoryRoute = lazy(() => loadStoryRoute().then((m) => ({ default: m.StoryRoute })));
const PlaceholderPage = lazy(() =>
  import('./routes/placeholder').then((m) => ({ default: m.PlaceholderPage })),
);
const NotFoundPage = lazy(() =>
  import('./routes/not-found').then((m) => ({ default: m.NotFoundPage })),
);

/** The profile and post chunks, fetched ahead when the reader is about to open one. */
export function prefetchPages(): void {
  void import('./routes/profile');
  void import('./routes/post');
  void import('./routes/post-dialog');
}

/** Settings pages with their own route below; the others show a placeholder. */
const builtAccountPages = new Set([
  'edit',
  'password',
  'sessions',
  'delete',
  'import',
  'blocked',
  'notifications',
  'password/reset',
]);

const placeholders: { path: string; title: string }[] = [
  ...Object.entries(accountPages)
    .filter(([page]) => !builtAccountPages.has(page))
    .map(([page, title]) => ({
      path: paths.account.to(page as keyof typeof accountPages),
      title,
    })),
];

/**
 * Every address of the app (API.md, "Addresses"); anything else is the not-found page. A post or
 * a list of followers opened over a page (see `OverlayLink`) draws that page here, and itself as
 * a dialog on top.
 */
export function AppRoutes() {
  const location = useLocation();
  const background = backgroundOf(location);
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Routes location={background ?? location}>
          <Route path={paths.home.pattern} element={<HomeRoute />} />
          <Route path={paths.post.pattern} element={<PostRoute />} />
          <Route path={paths.likedBy.pattern} element={<LikedByRoute />} />
          <Route path={paths.profile.pattern} element={<ProfileRoute tab="posts" />} />
          <Route path={paths.profileSaved.pattern} element={<ProfileRoute tab="saved" />} />
          <Route path={paths.profileTagged.pattern} element={<ProfileRoute tab="tagged" />} />
          <Route path={paths.account.to('edit')} element={<AccountEditRoute />} />
          <Route path={paths.account.to('password')} element={<PasswordRoute />} />
          <Route path={paths.account.to('sessions')} element={<SessionsRoute />} />
          <Route path={paths.account.to('delete')} element={<DeleteAccountRoute />} />
          <Route path={paths.account.to('import')} element={<ImportRoute />} />
          <Route path={paths.account.to('blocked')} element={<BlockedRoute />} />
          <Route path={paths.account.to('notifications')} element={<NotificationSettingsRoute />} />
          <Route path={paths.admin.pattern} element={<AdminRoute />} />
          <Route path={paths.about.pattern} element={<AboutRoute />} />
          <Route path={paths.account.to('password/reset')} element={<PasswordResetRoute />} />
          <Route path={paths.explore.pattern} element={<ExploreRoute />} />
          <Route path={paths.exploreTag.pattern} element={<ExploreTagRoute />} />
          <Route path={paths.explorePeople.pattern} element={<ExplorePeopleRoute />} />
          <Route path={paths.notifications.pattern} element={<NotificationsRoute />} />
          <Route path={paths.story.pattern} element={<StoryRoute />} />
          <Route path={paths.followers.pattern} element={<PeopleRoute list="followers" />} />
          <Route path={paths.following.pattern} element={<PeopleRoute list="following" />} />
          {placeholders.map(({ path, title }) => (
            <Route key={path} path={path} element={<PlaceholderPage title={title} />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
      {background && (
        <Suspense fallback={null}>
          <Routes>
            <Route path={paths.post.pattern} element={<PostDialogRoute />} />
            <Route path={paths.likedBy.pattern} element={<LikedByRoute dialog />} />
            <Route
              path={paths.followers.pattern}
              element={<PeopleDialogRoute list="followers" />}
            />
            <Route
              path={paths.following.pattern}
              element={<PeopleDialogRoute list="following" />}
            />
          </Routes>
        </Suspense>
      )}
    </>
  );
}
