import type { Suggestion } from '@pinhole/contracts';
import { ProfileName } from '@/components/ui/profile-name';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { FollowButton } from '@/domain/people/components/follow-button';
import { AvatarLink } from './avatar-link';

interface SuggestionRowProps {
  person: Suggestion;
  /** `link` (blue text) in the home's compact sidebar. */
  followLook?: 'button' | 'link';
  /** After the server agreed to a follow or an unfollow of this person. */
  onFollowChange?: () => void;
  /** The full lists show the person's name above the reason; the sidebar only the reason. */
  withFullName?: boolean;
}

/** One person to follow: avatar, name (both lead to the profile), why, and Follow. */
export function SuggestionRow({
  person,
  followLook,
  onFollowChange,
  withFullName = false,
}: SuggestionRowProps) {
  return (
    <li data-testid="suggestion" className="flex items-center gap-3">
      <AvatarLink username={person.username} src={person.avatar_url} />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="flex min-w-0 items-center gap-1">
          <ProfileName username={person.username} className="truncate text-sm" />
          {person.is_verified && <VerifiedBadge className="size-3.5" />}
        </span>
        {withFullName && person.full_name && (
          <bdi className="truncate text-sm text-muted">{person.full_name}</bdi>
        )}
        <span className="truncate text-xs text-muted">{person.reason}</span>
      </div>
      <FollowButton person={person} look={followLook} onFollowChange={onFollowChange} />
    </li>
  );
}
