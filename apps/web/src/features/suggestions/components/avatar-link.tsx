import { pagePaths } from '@pinhole/contracts';
import { Link } from 'react-router-dom';
import { Avatar } from '@/components/ui/avatar';

/** The avatar leads where the name beside it does; only the name is announced. */
export function AvatarLink({ username, src }: { username: string; src?: string | null }) {
  return (
    <Link to={pagePaths.profile.to(username)} tabIndex={-1} aria-hidden className="shrink-0">
      <Avatar name={username} src={src} size={44} />
    </Link>
  );
}
