import { pagePaths, type Post } from '@pinhole/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';
import { VerifiedBadge } from '@/components/ui/verified-badge';

/** The author's avatar and name, both leading to their profile. */
export function PostAuthor({ author }: { author: Post['author'] }) {
  const to = pagePaths.profile.to(author.username);
  return (
    <div className="flex min-w-0 items-center gap-3">
      {/* The name beside it is the link people read; the avatar repeats it for pointers only. */}
      <Link to={to} tabIndex={-1} aria-hidden className="shrink-0">
        <Avatar name={author.username} src={author.avatar_url} size={32} />
      </Link>
      <span className="flex min-w-0 items-center gap-1">
        {/* `user@host` of another server can be long: cut, in full on hover. */}
        <Link
          to={to}
          title={author.username}
          className="truncate text-sm font-semibold hover:text-muted"
        >
          <bdi>{author.username}</bdi>
        </Link>
        {author.is_verified && <VerifiedBadge />}
      </span>
    </div>
  );
}
