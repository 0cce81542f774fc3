import { pagePaths } from '@pinhole/contracts';
import { Link } from 'react-router-dom';

/** A username in bold that leads to its profile (captions, comments, lists of people). */
export function ProfileName({
  username,
  className = '',
}: {
  username: string;
  className?: string;
}) {
  return (
    <Link
      to={pagePaths.profile.to(username)}
      // Cut to fit in a row, `user@host` of another server is read in full on hover.
      title={username}
      className={`font-semibold hover:text-muted ${className}`}
    >
      {/* Isolated: a right-to-left name must not carry the words after it along with it. */}
      <bdi>{username}</bdi>
    </Link>
  );
}
