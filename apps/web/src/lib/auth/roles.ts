import type { User } from '@pinhole/contracts';

/** The session's user is an admin: `/admin` and its link are theirs alone. */
export function isAdminUser(user: User | null | undefined): boolean {
  return user?.role === 'admin';
}
