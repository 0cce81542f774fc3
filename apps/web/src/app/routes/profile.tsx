import { pagePaths } from '@pinhole/contracts';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { namesNothing } from '@/lib/api-client';
import { isMissingAddress } from '@/lib/missing-address';
import { useAuth } from '@/lib/auth/use-auth';
import { useDocumentTitle } from '@/lib/document-title';
import { profileTitle } from '@/lib/page-titles';
import { useProfileByUsername } from '@/domain/people/api/get-profile-by-username';
import { personOfAddress } from '@/domain/people/profile-address';
import { BlockedProfileNotice } from '@/features/safety/components/blocked-profile-notice';
import { ProfileMenu } from '@/features/safety/components/profile-menu';
import { ProfileView, type ProfileTab } from '@/features/profile/components/profile-view';
import { StoryAvatarLink } from '@/features/stories/components/story-avatar-link';
import { NotFoundPage } from './not-found';

const tabPaths: Record<ProfileTab, (username: string) => string> = {
  posts: pagePaths.profile.to,
  saved: pagePaths.profileSaved.to,
  tagged: pagePaths.profileTagged.to,
};

/**
 * `/:username`, `/:username/saved`, `/:username/tagged`: anyone's profile, on one of its tabs;
 * someone of another server at `/@user@host` (`/user@host` and `/@alice` move to the app's way of
 * writing them). What could be nobody's name is not found without asking the server.
 */
export function ProfileRoute({ tab }: { tab: ProfileTab }) {
  const { username = '' } = useParams();
  const person = personOfAddress(username);
  if (!person) return <NotFoundPage />;
  if (!person.canonical) return <Navigate to={tabPaths[tab](person.username)} replace />;
  return <ProfilePage username={person.username} tab={tab} />;
}

function ProfilePage({ username, tab }: { username: string; tab: ProfileTab }) {
  const auth = useAuth();
  const mine = auth.profile?.username === username.toLowerCase() ? auth.profile : undefined;
  // The reader's own profile draws at once from the session while the fresh counts arrive.
  // The server drew this address as not found: no second request for the same 404.
  const missing = isMissingAddress(useLocation().pathname);
  const {
    data: profile,
    error,
    refetch,
    isFetching,
  } = useProfileByUsername(username, mine, !missing);
  useDocumentTitle(profile && profileTitle(profile));

  if (missing || namesNothing(error)) return <NotFoundPage />;
  if (profile) {
    const own = auth.user?.id === profile.id;
    // Saved posts are only ever their owner's: others see the profile's posts instead.
    if (tab === 'saved' && !own) {
      if (!auth.user)
        return (
          <p className="px-4 py-20 text-center text-sm text-neutral-700">
            Please sign in to view your profile.
          </p>
        );
      return <Navigate to={pagePaths.profile.to(profile.username)} replace />;
    }
    // Someone the reader blocked: their header, then "You blocked …" with Unblock; no Follow
    // button, menu or story ring (their stories answer 404 to the reader).
    if (profile.blocked_by_me && !own) {
      return (
        <ProfileView
          profile={profile}
          tab={tab}
          own={false}
          blockedNotice={<BlockedProfileNotice profile={profile} />}
        />
      );
    }
    return (
      <ProfileView
        profile={profile}
        tab={tab}
        own={own}
        menu={auth.user && <ProfileMenu profile={profile} />}
        wrapAvatar={(avatar) => <StoryAvatarLink author={profile}>{avatar}</StoryAvatarLink>}
      />
    );
  }
  if (error) {
    return <LoadError error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  return <PageSpinner />;
}

// What the router's lazy import takes (see router.tsx).
export default ProfileRoute;
