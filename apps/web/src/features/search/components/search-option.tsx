import { Globe, Hash } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { VerifiedBadge } from '@/components/ui/verified-badge';
import { postsCountLabel } from '@/lib/format';
import type { SearchItem } from '@/features/search/search-item';

interface SearchOptionProps {
  item: SearchItem;
  id: string;
  active: boolean;
  /** Whether to say "Following": true for a fresh answer, not for a remembered row. */
  showFollowing: boolean;
  onChoose: () => void;
}

/**
 * One row of the list: a person (picture, username, full name) or a hashtag (name, count). An
 * option of the listbox, chosen by a click or by Enter in the box (focus stays in the box).
 */
export function SearchOption({ item, id, active, showFollowing, onChoose }: SearchOptionProps) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      onClick={onChoose}
      className="flex cursor-pointer items-center gap-3 px-4 py-2 hover:bg-neutral-50 aria-selected:bg-neutral-100"
    >
      {item.kind === 'profile' ? (
        <>
          <Avatar name={item.profile.username} src={item.profile.avatar_url} size={44} />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="flex min-w-0 items-center gap-1">
              {/* `user@host` of another server can be long: cut, in full on hover. */}
              <span className="truncate text-sm font-semibold" title={item.profile.username}>
                {item.profile.username}
              </span>
              {item.profile.is_verified && <VerifiedBadge className="size-3.5" />}
              {item.profile.is_remote && (
                <Globe
                  role="img"
                  aria-label="On another server"
                  className="size-3.5 shrink-0 text-muted"
                />
              )}
            </span>
            <span className="truncate text-sm text-muted">
              {[item.profile.full_name, showFollowing && item.profile.followed_by_me && 'Following']
                .filter(Boolean)
                .join(' • ')}
            </span>
          </span>
        </>
      ) : (
        <>
          <span className="flex size-11 shrink-0 items-center justify-center rounded-full border border-line">
            <Hash aria-hidden className="size-5" />
          </span>
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="truncate text-sm font-semibold">#{item.hashtag.name}</span>
            <span className="truncate text-sm text-muted">
              {postsCountLabel(item.hashtag.posts_count)}
            </span>
          </span>
        </>
      )}
    </li>
  );
}
