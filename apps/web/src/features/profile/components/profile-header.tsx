import { pagePaths, isSafeWebUrl, type Profile } from '@pinhole/contracts';
import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { LinkedText } from '@/components/ui/linked-text';
import { FollowButton } from '@/domain/people/components/follow-button';
import { MessageButton } from '@/domain/messages/components/message-button';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { ViewOnServerLink } from '@/components/ui/view-on-server-link';
import { countNoun, formatCount } from '@/lib/format';
import { OverlayLink } from '@/lib/overlay-link';
import { Link } from 'react-router-dom';
import { SettingsMenu } from './settings-menu';

/** `https://example.com/` reads as `example.com`. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
}

interface ProfileHeaderProps {
  profile: Profile;
  own: boolean;
  /** Someone else's profile: what follows the Follow button (the app composes a menu in). */
  menu?: ReactNode;
  /** Draws the picture, e.g. in a story ring (the app composes it from the stories feature). */
  wrapAvatar?: (avatar: ReactNode) => ReactNode;
}

export function ProfileHeader({
  profile,
  own,
  menu,
  wrapAvatar = (avatar) => avatar,
}: ProfileHeaderProps) {
  // Someone the reader blocked: their lists answer 404 to the reader, so the counts lead nowhere.
  const listed = !profile.blocked_by_me;
  const counts = [
    {
      key: 'posts',
      label: countNoun(profile.posts_count, 'post', 'posts'),
      value: profile.posts_count,
    },
    {
      key: 'followers',
      label: countNoun(profile.followers_count, 'follower', 'followers'),
      value: profile.followers_count,
      to: listed ? pagePaths.followers.to(profile.username) : undefined,
    },
    {
      key: 'following',
      label: 'following',
      value: profile.following_count,
      to: listed ? pagePaths.following.to(profile.username) : undefined,
    },
  ];

  return (
    <header className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-5 gap-y-4 px-4 pb-6 [grid-template-areas:'avatar_title'_'about_about'_'counts_counts'] sm:items-start sm:gap-x-10 sm:px-8 sm:[grid-template-areas:'avatar_title'_'avatar_counts'_'avatar_about'] md:gap-x-20">
      <div className="size-20 shrink-0 [grid-area:avatar] sm:size-36 md:ml-8">
        {wrapAvatar(
          <Avatar
            name={profile.username}
            src={profile.avatar_url}
            size={144}
            fill
            alt={`${profile.username}'s profile picture`}
            className="text-3xl sm:text-6xl"
          />,
        )}
      </div>
      <div className="[grid-area:title]">
        <ProfileTitle profile={profile} own={own} menu={menu} />
      </div>
      <ul className="-mx-4 flex justify-around border-t border-line pt-3 text-sm [grid-area:counts] sm:mx-0 sm:justify-start sm:gap-10 sm:border-0 sm:pt-0 sm:text-base">
        {counts.map(({ key, label, value, to }) => {
          const content = (
            <>
              <span className="font-semibold">{formatCount(value)}</span>
              <span className="text-muted sm:text-neutral-900">{label}</span>
            </>
          );
          const shape = 'flex flex-col items-center sm:flex-row sm:gap-1';
          return (
            <li key={key} className={to ? undefined : shape}>
              {to ? (
                // On wide screens the list opens as a dialog over the profile, as on Instagram.
                <OverlayLink to={to} className={shape}>
                  {content}
                </OverlayLink>
              ) : (
                content
              )}
            </li>
          );
        })}
      </ul>
      <div className="flex flex-col text-sm [grid-area:about]">
        <bdi className="font-semibold">{profile.full_name}</bdi>
        {profile.bio && (
          // #tags and @names lead to their pages, as in captions.
          <p className="break-words whitespace-pre-line">
            <LinkedText text={profile.bio} />
          </p>
        )}
        {profile.website &&
          (isSafeWebUrl(profile.website) ? (
            <a
              href={profile.website}
              target="_blank"
              rel="noopener noreferrer ugc nofollow"
              className="self-start font-semibold break-all text-link hover:underline"
            >
              {displayUrl(profile.website)}
            </a>
          ) : (
            <span className="break-all">{profile.website}</span>
          ))}
        {profile.is_remote && (
          // Their server has what this one has not seen: older posts, replies, the full profile.
          <ViewOnServerLink
            url={profile.remote_url}
            className="max-w-full self-start font-semibold text-link hover:underline"
          />
        )}
      </div>
    </header>
  );
}

/**
 * The spec's Edit profile button and settings icon belong to the reader's own profile; anyone
 * else's has the Follow and Message buttons, unless the reader blocked them.
 */
function ProfileTitle({ profile, own, menu }: ProfileHeaderProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
      <h1 className="flex min-w-0 items-center gap-1.5 text-xl">
        {/* `user@host` of another server can be longer than a phone is wide: cut, in full on hover. */}
        <span className="truncate" title={profile.username}>
          {profile.username}
        </span>
        {profile.is_verified && <VerifiedBadge className="size-5" />}
      </h1>
      {!own && !profile.blocked_by_me && (
        <>
          <FollowButton person={profile} />
          <MessageButton person={profile} />
          {menu}
        </>
      )}
      {own && (
        <div className="flex items-center gap-2">
          <Link
            to={pagePaths.account.to('edit')}
            className="rounded-lg bg-neutral-100 px-4 py-1.5 text-sm font-semibold text-neutral-900 hover:bg-neutral-200"
          >
            Edit profile
          </Link>
          <SettingsMenu />
        </div>
      )}
    </div>
  );
}
