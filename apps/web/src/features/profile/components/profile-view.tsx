import { pagePaths, type Profile } from '@pinhole/contracts';
import { Bookmark, Grid3x3, SquareUser, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { keepScroll } from '@/lib/scroll-state';
import { ProfileHeader } from './profile-header';
import { PrivateAccountNotice } from './private-account-notice';
import { ProfilePostsGrid } from './profile-posts-grid';
import { SavedPostsGrid } from './saved-posts-grid';
import { TaggedPostsGrid } from './tagged-posts-grid';

export type ProfileTab = 'posts' | 'saved' | 'tagged';

const tabs: { value: ProfileTab; label: string; icon: LucideIcon; to: (u: string) => string }[] = [
  { value: 'posts', label: 'POSTS', icon: Grid3x3, to: pagePaths.profile.to },
  { value: 'saved', label: 'SAVED', icon: Bookmark, to: pagePaths.profileSaved.to },
  { value: 'tagged', label: 'TAGGED', icon: SquareUser, to: pagePaths.profileTagged.to },
];

interface ProfileViewProps {
  profile: Profile;
  /** The tab the address names (`/:username`, `/:username/saved`, `/:username/tagged`). */
  tab: ProfileTab;
  /** The reader's own profile: Edit profile, settings and the SAVED tab are only theirs. */
  own: boolean;
  /** Beside someone else's Follow button (the app composes the safety feature's menu in). */
  menu?: ReactNode;
  /** Draws the profile's picture (the app puts it in a story ring while they have a story). */
  wrapAvatar?: (avatar: ReactNode) => ReactNode;
  /**
   * What a profile the reader blocked shows instead of its tabs ("You blocked …" with Unblock,
   * composed by the app from the safety feature): the server answers its lists 404 to them.
   */
  blockedNotice?: ReactNode;
}

/**
 * The spec's profile screen, for anyone. The tabs are addresses, as on Instagram: links drawn
 * as tabs, so each can be shared, reloaded and reached with Back.
 */
export function ProfileView({
  profile,
  tab,
  own,
  menu,
  wrapAvatar,
  blockedNotice,
}: ProfileViewProps) {
  return (
    <div className="mx-auto w-full max-w-[935px] pt-6 sm:pt-8">
      <ProfileHeader profile={profile} own={own} menu={menu} wrapAvatar={wrapAvatar} />
      {profile.blocked_by_me && !own ? (
        <div className="border-t border-line">{blockedNotice}</div>
      ) : (
        <ProfileTabs profile={profile} tab={tab} own={own} />
      )}
    </div>
  );
}

/** The tab links and the chosen tab's panel. */
function ProfileTabs({ profile, tab, own }: Pick<ProfileViewProps, 'profile' | 'tab' | 'own'>) {
  const shownTabs = own ? tabs : tabs.filter(({ value }) => value !== 'saved');
  // The same rule as the server's (a private account's lists are for its followers only).
  const closed = profile.is_private && !own && !profile.followed_by_me;
  return (
    <>
      <nav
        role="tablist"
        aria-label="Profile sections"
        className="flex justify-center gap-12 border-t border-line sm:gap-14"
      >
        {shownTabs.map(({ value, label, icon: Icon, to }) => (
          <Link
            key={value}
            to={to(profile.username)}
            // Another tab of the same profile: the page stays where the reader scrolled it.
            state={keepScroll}
            role="tab"
            aria-selected={value === tab}
            data-state={value === tab ? 'active' : 'inactive'}
            className="-mt-px flex items-center gap-1.5 border-t border-transparent py-4 text-xs font-semibold tracking-widest text-muted data-[state=active]:border-neutral-900 data-[state=active]:text-neutral-900"
          >
            <Icon aria-hidden className="size-3.5" />
            {label}
          </Link>
        ))}
      </nav>
      <div role="tabpanel" aria-label={tabs.find(({ value }) => value === tab)?.label}>
        {closed && tab !== 'saved' && <PrivateAccountNotice requested={profile.requested_by_me} />}
        {!closed && tab === 'posts' && (
          <ProfilePostsGrid profileId={profile.id} own={own} remote={profile.is_remote} />
        )}
        {/* Saved posts are only ever the reader's own (the route sends others elsewhere). */}
        {tab === 'saved' && own && <SavedPostsGrid />}
        {!closed && tab === 'tagged' && <TaggedPostsGrid profileId={profile.id} own={own} />}
      </div>
    </>
  );
}
